import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SERVER_ROOT } from '../../server-root.js';
import type { FaceAnalysis, FaceEngine } from './face-engine.js';

/** Longer than any photo takes (≈150 ms warm, a few seconds while the model loads). */
const ANALYSIS_TIMEOUT_MS = 60_000;
/** Photos waiting beyond this are turned away: about ten seconds of work at ≈150 ms each. */
const MAX_WAITING = 64;

/** The engine has more photos waiting than it can analyse soon. */
export class FaceEngineBusyError extends Error {
  constructor() {
    super('face engine busy');
  }
}

interface Pending {
  id: number;
  resolve(result: FaceAnalysis): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The model in a worker thread, started at the first photo (most server starts never
 * compare a face, and the model holds ~250 MB). Photos are analysed one at a time, so a
 * burst of checks queues here instead of competing for the worker; the API's event loop
 * stays free meanwhile. A worker that dies or hangs is replaced at the next photo.
 */
export function createWorkerFaceEngine(): FaceEngine {
  let worker: Worker | undefined;
  let nextId = 1;
  let current: Pending | undefined;
  const waiting: Array<{ photo: Buffer; resolve(r: FaceAnalysis): void; reject(e: Error): void }> = [];

  const fail = (error: Error) => {
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
      current = undefined;
    }
  };

  const start = (): Worker => {
    const w = new Worker(path.join(SERVER_ROOT, 'src/infra/face/face-worker.mjs'));
    w.on('message', (message: { id: number; result?: FaceAnalysis; error?: string }) => {
      if (!current || message.id !== current.id) return;
      clearTimeout(current.timer);
      const done = current;
      current = undefined;
      if (message.result) done.resolve(message.result);
      else done.reject(new Error(`face analysis failed: ${message.error ?? 'unknown'}`));
      pump();
    });
    w.on('error', (err) => {
      worker = undefined;
      fail(err);
      pump();
    });
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      fail(new Error('face worker stopped'));
      pump();
    });
    // an idle worker does not keep the process alive
    w.unref();
    return w;
  };

  function pump(): void {
    if (current || waiting.length === 0) return;
    const next = waiting.shift()!;
    worker ??= start();
    const id = nextId++;
    const timer = setTimeout(() => {
      const w = worker;
      worker = undefined;
      fail(new Error('face analysis timed out'));
      void w?.terminate();
      pump();
    }, ANALYSIS_TIMEOUT_MS);
    current = { id, resolve: next.resolve, reject: next.reject, timer };
    // a copy the worker owns: the upload's Buffer may share a pooled ArrayBuffer
    const bytes = new Uint8Array(next.photo);
    worker.postMessage({ id, bytes }, [bytes.buffer]);
  }

  return {
    get queued() {
      return waiting.length + (current ? 1 : 0);
    },
    analyse(photo) {
      if (waiting.length >= MAX_WAITING) return Promise.reject(new FaceEngineBusyError());
      return new Promise((resolve, reject) => {
        waiting.push({ photo, resolve, reject });
        pump();
      });
    },
    async close() {
      for (const w of waiting.splice(0)) w.reject(new Error('face engine closed'));
      const w = worker;
      worker = undefined;
      fail(new Error('face engine closed'));
      await w?.terminate();
    },
  };
}
