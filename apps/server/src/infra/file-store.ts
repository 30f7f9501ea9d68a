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
  /** Moves a file of this machine into the store (large files: no copy in memory); the source is gone after. */
  moveIn(key: string, source: string): Promise<void>;
  /**
   * A path on this machine that holds the bytes, for tools that read files (ffmpeg), and a
   * release to call when done; undefined when the bytes are missing.
   */
  localCopy(key: string): Promise<{ path: string; release(): Promise<void> } | undefined>;
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
    async moveIn(key, source) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        await fsp.rename(source, file);
      } catch (err) {
        // another file system (a mounted DATA_DIR): copy, then remove the source
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fsp.copyFile(source, file);
        await fsp.rm(source, { force: true });
      }
    },
    async localCopy(key) {
      const file = resolve(key);
      try {
        if (!(await fsp.stat(file)).isFile()) return undefined;
      } catch {
        return undefined;
      }
      // the disk store's bytes are already a local file: nothing to copy or release
      return { path: file, release: async () => {} };
    },
  };
}
