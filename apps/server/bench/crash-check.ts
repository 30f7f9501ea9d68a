/**
 * Crash check (`npm run bench`): a real server process under update-Warp load is killed with
 * SIGKILL; every report it had acknowledged must be in the database afterwards. Prints the
 * figures; exits non-zero if an acknowledged report is missing. SQLite by default;
 * BENCH_DATABASE_URL for PostgreSQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-crash-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const schema = `crash_${Date.now()}`;
const CONNECTIONS = 50;
const LOAD_MS = 3000;

const port = await new Promise<number>((resolve) => {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;

// the schema exists before the server migrates into it
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.end();
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'fatal',
    ...(databaseUrl
      ? { DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` }
      : {}),
  },
  stdio: 'ignore',
});

for (let i = 0; i < 300; i++) {
  const up = await fetch(`${base}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (up) break;
  await new Promise((r) => setTimeout(r, 100));
}

const login = (await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
}).then((r) => r.json())) as { data: { credentials: { accessToken: string } } };
const token = login.data.credentials.accessToken;
const units = (await fetch(`${base}/api/train/cls_Warp/find-WarpCourse`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', Authorization: token },
  body: '{}',
}).then((r) => r.json())) as { data: Array<{ trainWarpCourseId: string }> };
const unitId = units.data[0]!.trainWarpCourseId;

const acknowledged: Array<{ playbackId: string; seq: number }> = [];
let stop = false;
const started = Date.now();
const workers = Array.from({ length: CONNECTIONS }, async (_, w) => {
  const playbackId = `crash-${w}`;
  for (let seq = 1; !stop; seq++) {
    try {
      const res = await fetch(`${base}/api/train/cls_Warp/update-Warp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: token },
        body: JSON.stringify({
          trainWarpCourseId: unitId,
          playbackId,
          seq,
          position: seq * 0.1,
          rate: 1,
          hidden: false,
        }),
      });
      const body = (await res.json()) as { code: number };
      if (body.code === 200) acknowledged.push({ playbackId, seq });
    } catch {
      return; // the server is gone
    }
  }
});
await new Promise((r) => setTimeout(r, LOAD_MS));
server.kill('SIGKILL');
stop = true;
await Promise.all(workers);
const seconds = (Date.now() - started) / 1000;

let stored: Set<string>;
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = await client.query(`SELECT playback_id, seq FROM ${schema}.study_events`);
  stored = new Set(rows.rows.map((r: { playback_id: string; seq: number }) => `${r.playback_id}#${r.seq}`));
  await client.query(`DROP SCHEMA ${schema} CASCADE`);
  await client.end();
} else {
  const db = new SQLite(path.join(dataDir, 'anxun.sqlite'));
  const rows = db.prepare('SELECT playback_id, seq FROM study_events').all() as Array<{
    playback_id: string;
    seq: number;
  }>;
  stored = new Set(rows.map((r) => `${r.playback_id}#${r.seq}`));
  db.close();
}
const missing = acknowledged.filter((a) => !stored.has(`${a.playbackId}#${a.seq}`));
console.log(
  `crash check (${databaseUrl ? 'postgres' : 'sqlite'}): ${acknowledged.length} reports acknowledged in ${seconds.toFixed(1)} s, ` +
    `server killed with SIGKILL, ${missing.length} acknowledged reports missing afterwards`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
if (missing.length > 0) process.exitCode = 1;
