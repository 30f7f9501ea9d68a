import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** A package's folder (human's `exports` map hides its files from require.resolve). */
function packageDir(name: string, probe: string): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(path.join(candidate, probe))) return candidate;
  }
  throw new Error(`${name} is not installed`);
}

/**
 * What the browser's face pre-check loads (served at /face-models/ and /tfjs-wasm/): the
 * same library's detector model and the tfjs WASM binaries, from the installed packages.
 */
export const faceModelsDir = () => path.join(packageDir('@vladmandic/human', 'models/blazeface.json'), 'models');
export const tfjsWasmDir = () =>
  path.join(packageDir('@tensorflow/tfjs-backend-wasm', 'dist/tfjs-backend-wasm.wasm'), 'dist');
