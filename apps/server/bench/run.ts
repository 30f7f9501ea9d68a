/**
 * `npm run bench`: throughput and latency of the foundation's hot paths on this machine,
 * against a real server over loopback HTTP (SQLite by default; BENCH_DATABASE_URL for
 * PostgreSQL). Prints figures; asserts nothing. Bounded: a fixed number of requests each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/infra/config.js';
import { DEMO_LEARNER } from '../src/seed/demo-accounts.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
config.databaseSchema = process.env.BENCH_DATABASE_URL ? `bench_${Date.now()}` : undefined;
config.rateLimits.loginPerAccount = { points: 1e9, durationSeconds: 1 };
config.rateLimits.loginPerIp = { points: 1e9, durationSeconds: 1 };
const { app } = await buildApp(config, { printSms: () => {} });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

async function run(name: string, total: number, concurrency: number, once: () => Promise<Response>) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        const res = await once();
        await res.arrayBuffer();
        if (!res.ok) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2);
  console.log(
    `${name.padEnd(34)} ${String(total).padStart(6)} req  ${(total / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms${failures ? `  (${failures} non-2xx)` : ''}`,
  );
}

const loginBody = JSON.stringify({ username: DEMO_LEARNER.account, password: DEMO_LEARNER.password });
const loginRes = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: loginBody,
});
const token = ((await loginRes.json()) as { data: { credentials: { accessToken: string } } }).data.credentials
  .accessToken;

console.log(
  `anxun bench — ${config.databaseUrl ? 'postgres' : 'sqlite'}, ${os.cpus().length} cores, node ${process.version}`,
);
await run('GET /api/health (bare route)', 5000, 32, () => fetch(`${base}/api/health`));
await run('GET /api/user/info (token lookup)', 5000, 32, () =>
  fetch(`${base}/api/user/info`, { headers: { Authorization: token } }),
);
await run('GET /api/base/baseorg/select-code', 5000, 32, () => fetch(`${base}/api/base/baseorg/select-code/00000`));
await run('POST /api/login wrong password (scrypt)', 200, 8, () =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'nobody', password: 'wrong' }),
  }),
);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
