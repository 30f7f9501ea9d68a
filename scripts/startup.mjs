// `npm run startup`: how long the server takes from its process starting to answering
// /api/health/ready, and the memory it then holds (RSS), run from the sources through tsx
// (`npm run dev`, the tests) and as `npm start` runs it (the compiled bundle). Each way is
// started on a fresh data folder (migrations and the demo seed run) and then again on the
// same folder (a restart). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
/* global performance */
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';
import { freePort } from './measure-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const ways = {
  'sources through tsx': ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  'bundle (npm start)': ['--enable-source-maps', SERVER_BUNDLE],
  'bundle, no source maps': [SERVER_BUNDLE],
};

/** Milliseconds until ready, and RSS in MB once ready. */
async function startOnce(args, dataDir) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'DEMO_SEED', 'METRICS_PORT']) delete env[name];
  const started = performance.now();
  const server = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { ms, rssMb: rssKb / 1024 };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await buildServer();
console.log(`server start-up, median of ${ROUNDS} (node ${process.version}, ${os.cpus().length} cores, SQLite)`);
console.log(`${'how'.padEnd(26)} ${'first start'.padStart(12)} ${'restart'.padStart(9)} ${'RSS ready'.padStart(10)}`);
for (const [name, args] of Object.entries(ways)) {
  const first = [];
  const again = [];
  const rss = [];
  for (let i = 0; i < ROUNDS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-startup-'));
    try {
      first.push((await startOnce(args, dataDir)).ms);
      const restart = await startOnce(args, dataDir);
      again.push(restart.ms);
      rss.push(restart.rssMb);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `${name.padEnd(26)} ${`${median(first).toFixed(0)} ms`.padStart(12)} ${`${median(again).toFixed(0)} ms`.padStart(9)} ${`${median(rss).toFixed(0)} MB`.padStart(10)}`,
  );
}
