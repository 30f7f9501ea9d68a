// The face model's thread (worker_threads): decodes a photo, finds the faces in it and
// describes each with an embedding. Plain JavaScript so it runs under node, tsx or vitest
// alike. One photo at a time: the engine on the main thread queues them.
//
// @vladmandic/human with the tfjs WASM backend and the models shipped inside its npm
// package; nothing is downloaded at install or at run time.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { perceptualHashes } from './perceptual-hash.mjs';

const require = createRequire(import.meta.url);
/** Longest side a photo is analysed at: faces at arm's length stay well above the detector's minimum. */
const MAX_SIDE = 640;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A package's folder (human's `exports` map hides its package.json and dist files from require.resolve). */
function packageDir(name, probe) {
  for (const dir of require.resolve.paths(name) ?? []) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(path.join(candidate, probe))) return candidate;
  }
  throw new Error(`${name} is not installed`);
}

const humanDir = packageDir('@vladmandic/human', 'dist/human.node-wasm.js');
const wasmDir = `${path.join(packageDir('@tensorflow/tfjs-backend-wasm', 'dist/tfjs-backend-wasm.wasm'), 'dist')}/`;

// Node's fetch cannot read file:// URLs; the model loader fetches its JSON and weights.
const networkFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const href = typeof url === 'string' ? url : String(url.url ?? url);
  if (!href.startsWith('file://')) return networkFetch(url, init);
  const data = await fs.promises.readFile(new URL(href));
  return new Response(data, {
    status: 200,
    headers: { 'content-type': href.endsWith('.json') ? 'application/json' : 'application/octet-stream' },
  });
};

const { Human } = require(path.join(humanDir, 'dist/human.node-wasm.js'));
const human = new Human({
  backend: 'wasm',
  wasmPath: wasmDir,
  modelBasePath: `file://${humanDir}/models/`,
  debug: false,
  cacheSensitivity: 0,
  face: {
    enabled: true,
    detector: { enabled: true, rotation: true, maxDetected: 5, minConfidence: 0.3, return: false },
    mesh: { enabled: true },
    description: { enabled: true },
    iris: { enabled: false },
    emotion: { enabled: false },
    // scores recorded with every attempt and flagged when low; not a verdict on their own
    antispoof: { enabled: true },
    liveness: { enabled: true },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
  filter: { enabled: false },
});
const ready = human.load();

/** The hashes of a face's box, widened by a tenth each side and kept inside the picture. */
async function faceHashes(picture, box) {
  const [x, y, w, h] = box;
  const left = Math.max(0, Math.floor(x - w * 0.1));
  const top = Math.max(0, Math.floor(y - h * 0.1));
  const width = Math.min(picture.width - left, Math.ceil(w * 1.2));
  const height = Math.min(picture.height - top, Math.ceil(h * 1.2));
  if (width < 8 || height < 8) return null;
  return perceptualHashes(picture, { left, top, width, height });
}

/** Decodes (EXIF-rotated, downscaled), then detects; never throws for a bad photo. */
async function analyse(bytes) {
  let raw;
  try {
    const image = sharp(Buffer.from(bytes), { limitInputPixels: 50_000_000 });
    const meta = await image.metadata();
    if (!FORMATS.has(meta.format)) return { kind: 'not-image' };
    raw = await image
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { kind: 'not-image' };
  }
  const { data, info } = raw;
  let sum = 0;
  for (let i = 0; i < data.length; i += 3) sum += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
  const luminance = sum / (data.length / 3);
  const picture = { data, width: info.width, height: info.height };
  const tensor = human.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
  let result;
  try {
    result = await human.detect(tensor);
  } finally {
    human.tf.dispose(tensor);
  }
  const faces = [];
  for (const f of result.face) {
    faces.push({
      detectorScore: f.boxScore ?? f.score ?? 0,
      box: f.box,
      embedding: f.embedding ? Array.from(f.embedding) : [],
      real: typeof f.real === 'number' ? f.real : null,
      live: typeof f.live === 'number' ? f.live : null,
      hashes: await faceHashes(picture, f.box),
    });
  }
  return {
    kind: 'analysed',
    width: info.width,
    height: info.height,
    luminance,
    hashes: await perceptualHashes(picture),
    faces,
  };
}

parentPort.on('message', async ({ id, bytes }) => {
  try {
    await ready;
    parentPort.postMessage({ id, result: await analyse(bytes) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
