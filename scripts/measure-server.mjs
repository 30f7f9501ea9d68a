// What the measuring scripts (size, lighthouse) share: the server as `npm start` runs it, on a
// free port and a fresh data folder (the demo data seeded), and Chromium's flags here.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBundleStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Starts the server and waits until it is ready; `stop()` ends it and removes its data. */
export async function startMeasuredServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-measure-'));
  // the shell's own settings stay out: no other database, Redis or production mode, the demo data seeded
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'NODE_ENV', 'DEMO_SEED', 'METRICS_PORT']) {
    delete env[name];
  }
  if (serverBundleStale()) await buildServer();
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode})`);
    }
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error('the server did not become ready in 60 s');
}
