import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** The pid of the server a wrapper started. */
const serverOf = async (wrapperPid: number) => {
  const { execFileSync } = await import('node:child_process');
  return Number(
    execFileSync('ps', ['-o', 'pid=', '--ppid', String(wrapperPid)])
      .toString()
      .trim()
      .split(/\s+/)[0],
  );
};
const startWrapper = async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-start-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  for (let i = 0; i < 600 && !hasExited && !output.includes('is running at'); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!output.includes('is running at')) {
    // not ready: end the wrapper (its server follows it) so a red run leaves nothing running
    child.kill('SIGKILL');
    await exited;
  }
  expect(output).toContain('is running at');
  return { child, port, dataDir, exited, output: () => output, server: await serverOf(child.pid!) };
};
it('npm start serves the API and the web app, prints the demo accounts and stops on SIGTERM', async () => {
  const { child, port, dataDir, exited, output: printed, server } = await startWrapper();
  const output = printed();
  expect(output).toContain(`http://127.0.0.1:${port}/`);
  expect(output).toContain('demo / demo1234');
  expect(output).toContain('admin / admin1234');

  // the compiled bundle runs, not the TypeScript sources
  const command = fs.readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
  expect(command).toContain(path.resolve(import.meta.dirname, '../apps/server/dist/main.js'));
  expect(command.join(' ')).not.toMatch(/tsx|\.ts\b/);
  const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json());
  expect(health.data.status).toBe('ok');
  const page = await fetch(`http://127.0.0.1:${port}/`);
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(await page.text()).toContain('在线安全生产培训系统');
  expect(fs.existsSync(path.join(dataDir, 'anxun.sqlite'))).toBe(true);
  const keyMode = fs.statSync(path.join(dataDir, 'keys', 'rsa-private.pem')).mode & 0o777;
  expect(keyMode).toBe(0o600);

  child.kill('SIGTERM');
  expect(await exited).toEqual({ code: 0, signal: null });
}, 120_000);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('tells a supervisor the server died: the wrapper exits non-zero when the server is killed', async () => {
  const { server, exited } = await startWrapper();
  process.kill(server, 'SIGKILL');
  expect(await exited).toEqual({ code: 128 + 9, signal: null });
}, 120_000);

it('leaves no orphan holding the port when the wrapper itself is killed', async () => {
  const { child, server, port, exited } = await startWrapper();
  child.kill('SIGKILL');
  await exited;
  for (let i = 0; i < 100 && alive(server); i++) await new Promise((r) => setTimeout(r, 100));
  expect(alive(server)).toBe(false);
  // the port is free for the replacement
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
  });
}, 120_000);
