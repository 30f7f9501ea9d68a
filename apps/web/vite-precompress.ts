import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// .bin: the face detector's weights (half their size with brotli)
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm|bin|map)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once,
 * at the highest levels: the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing on every request or not at all. A copy that saves under a tenth
 * is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'anxun-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const file = path.join(dir, e.name);
          return e.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 256) continue;
        const br = zlib.brotliCompressSync(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        const gz = zlib.gzipSync(data, { level: 9 });
        if (br.length < data.length * 0.9) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < data.length * 0.9) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
