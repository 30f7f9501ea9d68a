/**
 * `npm run bench`: the face engine on this machine — one comparison's latency once warm
 * (p50/p95 over real photographs), the first (model loading) photo, memory, and how a
 * plain API route fares while faces are compared (the model runs in a worker thread).
 * Prints figures; asserts nothing.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createWorkerFaceEngine } from '../src/infra/face/worker-face-engine.js';
import { facePhotos } from '../test/face-photos.js';

const engine = createWorkerFaceEngine();
const photos = [
  facePhotos.hopper(),
  await facePhotos.hopperAgain(),
  facePhotos.collins(),
  await facePhotos.collinsAgain(),
];

const rssBefore = process.memoryUsage().rss;
let t = performance.now();
await engine.analyse(photos[0]!);
const first = performance.now() - t;

const times: number[] = [];
for (let i = 0; i < 40; i++) {
  t = performance.now();
  await engine.analyse(photos[i % photos.length]!);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(0);

// event-loop delay on the main thread while the worker compares
const lags: number[] = [];
let stop = false;
const probe = (async () => {
  while (!stop) {
    const start = performance.now();
    await new Promise((r) => setImmediate(r));
    lags.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 5));
  }
})();
for (let i = 0; i < 10; i++) await engine.analyse(photos[i % photos.length]!);
stop = true;
await probe;
lags.sort((a, b) => a - b);

console.log(`face engine — ${os.cpus().length} cores, node ${process.version}, @vladmandic/human wasm`);
console.log(`first photo (loads the model)      ${first.toFixed(0)} ms`);
console.log(`analyse + embed, warm              p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  (${times.length} photos)`);
console.log(
  `main-thread event-loop lag meanwhile p50 ${lags[Math.floor(lags.length / 2)]!.toFixed(2)} ms  max ${lags[lags.length - 1]!.toFixed(2)} ms`,
);
console.log(
  `memory: process RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB (+${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB with the model loaded)`,
);
await engine.close();
