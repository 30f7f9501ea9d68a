// `npm start`: build the web app and the server bundle if either is missing or older than its
// sources, then run the compiled server (which migrates and, on an empty database in demo
// mode, seeds); no TypeScript is compiled while it runs. Signals are passed
// on so SIGTERM/SIGINT close the server cleanly. For a supervisor (systemd, Docker): the
// wrapper exits non-zero when the server dies of a signal (128 + its number, as a shell
// does), and the server exits when the wrapper dies, even by SIGKILL (the IPC channel
// between them closes), so no orphan keeps the port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBundleStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

/** Newest modification time of the files the web build reads. */
function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  };
  for (const dir of dirs) if (fs.existsSync(dir)) walk(dir);
  return newest;
}

const webSources = ['apps/web/src', 'apps/web/public', 'packages/shared/src'].map((d) => path.join(root, d));
// the page and the build's own settings and plugins make the bundle too
const webBuildFiles = [
  'index.html',
  'vite.config.ts',
  'vite-first-page.ts',
  'vite-precompress.ts',
  'vite-precheck-files.ts',
].map((f) => path.join(root, 'apps/web', f));
const stale =
  !fs.existsSync(webIndex) ||
  newestSource(webSources) > fs.statSync(webIndex).mtimeMs ||
  webBuildFiles.some((f) => fs.statSync(f).mtimeMs > fs.statSync(webIndex).mtimeMs);

if (stale) {
  console.log(
    fs.existsSync(webIndex) ? 'Rebuilding the web app (its sources changed)…' : 'Building the web app (first start)…',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBundleStale()) {
  console.log(fs.existsSync(SERVER_BUNDLE) ? 'Rebuilding the server (its sources changed)…' : 'Building the server…');
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  console.error(`the server was killed by ${signal}`);
  process.exit(128 + (os.constants.signals[signal] ?? 0));
});
