// SQLite's checkpoints in a thread of their own (worker_threads): copying the write-ahead
// log's pages into the database file, and the two flushes that go with it, never stop the
// request thread's event loop. Plain JavaScript so it runs under node, tsx or vitest alike.
//
// A PASSIVE checkpoint waits for no one: it copies what no reader still needs while the
// request thread goes on writing, and the next write after a complete one starts the log
// from its beginning again, so the log stays small.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @type {{ file: string; intervalMs: number }} */
const { file, intervalMs } = workerData;
const db = new SQLite(file);
// a checkpoint flushes the log before it copies and the file after
db.pragma('synchronous = FULL');

const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // reported, and tried again at the next tick; the writer's own checkpoints are the backstop
    parentPort?.postMessage({ error: String(err?.message ?? err) });
  }
};
const timer = setInterval(checkpoint, intervalMs);

parentPort?.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort?.close();
});
