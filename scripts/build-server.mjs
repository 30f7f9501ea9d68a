// The server as production runs it: one ES module bundle, `apps/server/dist/main.js`, with
// the project's own TypeScript (the server and @anxun/shared) compiled in and every npm
// package left to node_modules (native addons, wasm and model files stay where they are).
// `npm start` runs it; `npm run dev` and the tests run the sources through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.js');
/** What the bundle is made of: newer files here mean it is out of date. */
export const SERVER_SOURCES = ['apps/server/src', 'packages/shared/src'].map((d) => path.join(root, d));

/** Newest modification time of the files under these folders. */
export function newestSource(dirs) {
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

/** Whether the bundle is missing or older than a source file. */
export function serverBundleStale() {
  return !fs.existsSync(SERVER_BUNDLE) || newestSource(SERVER_SOURCES) > fs.statSync(SERVER_BUNDLE).mtimeMs;
}

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-stay-external',
        setup(b) {
          // a bare name that is not the project's own workspace package loads from node_modules
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@anxun/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`server built: ${path.relative(root, SERVER_BUNDLE)} in ${Date.now() - started} ms`);
}
