import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live. The embedded default is the local disk under DATA_DIR/files; an
 * S3-compatible store is the scale-out implementation of the same interface.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when they are missing (deleted meanwhile, another node's disk). */
  read(key: string, range?: { start: number; end: number }): Promise<fs.ReadStream | undefined>;
  remove(key: string): Promise<void>;
}

export function createDiskFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string): string => {
    // keys are server-made (uuid + extension); refuse anything that could leave the root
    if (!/^[a-z0-9][a-z0-9./-]*$/i.test(key) || key.includes('..')) throw new Error('bad file key');
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, data);
    },
    async read(key, range) {
      const file = resolve(key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return undefined;
      } catch {
        return undefined;
      }
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}
