import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import WebSocket from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * SIGTERM under load (issue: resilience): a real server process taking study reports from 20
 * learners' players is told to stop. It stops accepting, lets the batches in flight commit,
 * closes its websockets with 1001 (the web reconnects from it) and exits 0; every report it
 * acknowledged is in the database, and no request got a 500.
 */
it('finishes in-flight credit batches on SIGTERM: nothing acknowledged is lost', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-term-'));
  const port = await new Promise<number>((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'fatal', DATABASE_URL: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${base}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    );
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
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?Authorization=${encodeURIComponent(token)}`);
  const socketClosed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve) => socket.on('open', resolve));

  const acknowledged: string[] = [];
  const failures: number[] = [];
  let stop = false;
  const workers = Array.from({ length: 20 }, async (_, w) => {
    for (let seq = 1; !stop; seq++) {
      try {
        const res = await fetch(`${base}/api/train/cls_Warp/update-Warp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', Authorization: token },
          body: JSON.stringify({
            trainWarpCourseId: unitId,
            playbackId: `term-${w}`,
            seq,
            position: seq * 0.1,
            rate: 1,
            hidden: false,
          }),
        });
        if (res.status >= 500) failures.push(res.status);
        if (((await res.json()) as { code: number }).code === 200) acknowledged.push(`term-${w}#${seq}`);
      } catch {
        return; // the server stopped accepting
      }
    }
  });
  await new Promise((r) => setTimeout(r, 1500));
  const terminated = Date.now();
  server.kill('SIGTERM');
  expect(await exited).toBe(0);
  // it did not sit out the ten seconds' grace for a connection left open
  expect(Date.now() - terminated).toBeLessThan(8_000);
  stop = true;
  await Promise.all(workers);
  expect(await socketClosed).toBe(1001);

  const db = new SQLite(path.join(dataDir, 'anxun.sqlite'), { readonly: true });
  const stored = new Set(
    (db.prepare('SELECT playback_id, seq FROM study_events').all() as Array<{ playback_id: string; seq: number }>).map(
      (r) => `${r.playback_id}#${r.seq}`,
    ),
  );
  db.close();
  expect(acknowledged.length).toBeGreaterThan(20);
  expect(acknowledged.filter((a) => !stored.has(a))).toEqual([]);
  expect(failures).toEqual([]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 90_000);
