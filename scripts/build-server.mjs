// The server as production runs it: one ES module bundle, `apps/server/dist/main.js`, with
// the project's own TypeScript (the server and @anxun/shared) compiled in and every npm
// package left to node_modules (native addons, wasm and model files stay where they are).
// `npm start` runs it; `npm run dev` and the tests run the sources through tsx.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.js');
/** What the bundle is made of (the test files aside). */
export const SERVER_SOURCES = ['apps/server/src', 'packages/shared/src'].map((d) => path.join(root, d));
/** Beside the bundle: the digest of the sources it was built from. */
const STAMP = `${SERVER_BUNDLE}.sources`;

/**
 * A digest of every source file's name and content (and of this script): unlike modification
 * times it does not mistake an old checkout copied with its times kept for a built one.
 */
function sourcesDigest() {
  const files = [fileURLToPath(import.meta.url)];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!/\.test\.tsx?$/.test(entry.name)) files.push(file);
    }
  };
  for (const dir of SERVER_SOURCES) walk(dir);
  const hash = crypto.createHash('sha256');
  for (const file of files.sort()) hash.update(`${path.relative(root, file)}\0`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** Whether the bundle is missing or was built from other sources than these. */
export function serverBundleStale() {
  if (!fs.existsSync(SERVER_BUNDLE) || !fs.existsSync(STAMP)) return true;
  return fs.readFileSync(STAMP, 'utf8').trim() !== sourcesDigest();
}

export async function buildServer() {
  const digest = sourcesDigest();
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
  fs.writeFileSync(STAMP, `${digest}\n`);
  // esbuild's service process would otherwise live on beside the server npm start runs
  await stop();
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) &&
  process.argv[2] === '--check'
) {
  // before a supervisor starts the bundle (deploy/anxun.service): refuse one left from another release
  if (serverBundleStale()) {
    console.error(
      `${path.relative(root, SERVER_BUNDLE)} is missing or was built from other sources: run \`npm run build\``,
    );
    process.exit(1);
  }
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`server built: ${path.relative(root, SERVER_BUNDLE)} in ${Date.now() - started} ms`);
}
