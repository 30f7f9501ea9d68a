import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { faceModelsDir, tfjsWasmDir } from '../server/src/infra/face/model-files';

/**
 * The face pre-check's detector model and tfjs's WASM binaries, copied into the build
 * (`dist/face-models/`, `dist/tfjs-wasm/`) so that `precompress` makes their brotli and gzip
 * copies too: what a phone downloads once its camera opens goes from ~1.4 MB to ~0.7 MB on
 * the wire. The server sends these copies when the build has them, else the packages' files.
 */
export function precheckFiles(): Plugin {
  return {
    name: 'anxun-precheck-files',
    apply: 'build',
    generateBundle() {
      // the files the server sends when there is no build: the installed packages'
      const models = faceModelsDir();
      const wasm = tfjsWasmDir();
      const files: Array<[string, string]> = [
        ...['blazeface.json', 'blazeface.bin'].map((f): [string, string] => [`face-models/${f}`, path.join(models, f)]),
        ...['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'].map(
          (f): [string, string] => [`tfjs-wasm/${f}`, path.join(wasm, f)],
        ),
      ];
      for (const [fileName, from] of files) this.emitFile({ type: 'asset', fileName, source: fs.readFileSync(from) });
    },
  };
}
