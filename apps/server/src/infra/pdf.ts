import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SERVER_ROOT } from '../server-root.js';

/** How long counting a PDF's pages may take (a real one takes well under a second). */
const COUNT_TIMEOUT_MS = 60_000;
/** The counting worker's heap: an honest 200 MB PDF needs a few tens of MB of it (its bytes live outside). */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

/**
 * What a PDF holds, read with pdf.js (the same library the player renders it with) in a
 * worker thread with a bounded heap and time (pdf-worker.mjs): its page count, or undefined
 * when the file is not a PDF pdf.js can open (damaged, encrypted) or is built to exhaust
 * whoever reads it — that worker stops, the server does not.
 */
export function pdfPageCount(file: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const worker = new Worker(path.join(SERVER_ROOT, 'src/infra/pdf-worker.mjs'), {
      workerData: { file },
      resourceLimits: WORKER_LIMITS,
    });
    const done = (pages: number | undefined) => {
      clearTimeout(timer);
      resolve(pages);
      void worker.terminate();
    };
    const timer = setTimeout(() => done(undefined), COUNT_TIMEOUT_MS);
    worker.once('message', (pages: number | null) => done(pages ?? undefined));
    worker.once('error', () => done(undefined));
    worker.once('exit', () => done(undefined));
  });
}
