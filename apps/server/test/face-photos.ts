import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { hashDistance } from '../src/infra/face/face-judgement.js';
import { perceptualHashes } from '../src/infra/face/perceptual-hash.mjs';

/**
 * The test photographs (fixtures/faces, public domain and CC0 — see its README) and the
 * other cases made from them.
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/faces');
const read = (name: string) => fs.readFileSync(path.join(dir, name));
let fresh = 0;

export const facePhotos = {
  hopper: () => read('grace-hopper.jpg'),
  collins: () => read('eileen-collins.jpg'),
  /** no face at all */
  coffee: () => read('coffee.jpg'),
  /** another photo of Grace Hopper: mirrored, cropped, relit and re-encoded */
  hopperAgain: () =>
    sharp(read('grace-hopper.jpg'))
      .flop()
      .extract({ left: 40, top: 30, width: 440, height: 520 })
      .modulate({ brightness: 1.15 })
      .jpeg({ quality: 70 })
      .toBuffer(),
  /**
   * A new camera shot of Grace Hopper, different at every call: turned, lit from another side,
   * moved and scaled in the frame, on another background — as two live shots differ. A check
   * refuses a copy of a photo it has seen (the same picture re-encoded, cropped or relit);
   * these are not copies of each other (face-likeness.test.ts holds that).
   */
  hopperFresh: () => distinctCapture(read('grace-hopper.jpg')),
  /**
   * One printed portrait held up to a camera, the n-th time: the same picture, a hand's width
   * of difference in place and size, the camera's own noise.
   */
  hopperHeldUp: async (n: number, base = HELD_UP_BASE) => {
    // a shot of its own, never one hopperFresh gives
    const print = await newCapture(read('grace-hopper.jpg'), base);
    const k = n + HELD_UP_FIRST;
    const turn = ((k % 3) * 2 * Math.PI) / 3;
    const size = 600 - (k % 2) * 12;
    return sharp(print)
      .extract({
        left: 20 + Math.round(8 * Math.cos(turn)),
        top: 20 + Math.round(8 * Math.sin(turn)),
        width: size,
        height: size,
      })
      .resize(640, 640)
      .modulate({ brightness: 1 + ((k % 3) - 1) * 0.03 })
      .jpeg({ quality: 85 })
      .toBuffer();
  },
  /**
   * Grace Hopper's portrait as a file of its own, at every call: the same picture, other bytes
   * after its end. A server refuses the very file another account holds (one person for two
   * accounts), so each account's reference is a file of its own, as each person's photo is.
   */
  hopperOwn: () => ownFile(read('grace-hopper.jpg')),
  /** Eileen Collins's portrait as a file of its own, at every call (see hopperOwn) */
  collinsOwn: () => ownFile(read('eileen-collins.jpg')),
  /** copies of a photo, each a different file: what a check must refuse as a replay */
  copiesOf: async (photo: Buffer) => {
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    return {
      plusOneByte: Buffer.concat([photo, Buffer.from([0])]),
      quality60: await sharp(photo).jpeg({ quality: 60 }).toBuffer(),
      cropped: await sharp(photo)
        .extract({ left: 6, top: 6, width: width - 12, height: height - 12 })
        .jpeg()
        .toBuffer(),
      brightened: await sharp(photo).modulate({ brightness: 1.05 }).jpeg().toBuffer(),
      resized: await sharp(photo)
        .resize(Math.round(width / 2))
        .jpeg()
        .toBuffer(),
    };
  },
  /** new shots of Grace Hopper, each unlike the others (a fake camera's learner) */
  hopperShots: async (count: number) => {
    const shots: Buffer[] = [];
    for (let i = 0; i < count; i++) shots.push(await distinctCapture(read('grace-hopper.jpg')));
    return shots;
  },
  /** a new camera shot of Eileen Collins, different at every call */
  collinsFresh: async () =>
    distinctCapture(
      // her portrait shows her to the waist: the shot is of her head and shoulders
      await sharp(read('eileen-collins.jpg')).extract({ left: 74, top: 0, width: 300, height: 352 }).toBuffer(),
    ),
  /** another photo of Eileen Collins */
  collinsAgain: () =>
    sharp(read('eileen-collins.jpg')).flop().modulate({ brightness: 0.9 }).resize(420).jpeg({ quality: 75 }).toBuffer(),
  /** both of them side by side */
  twoPeople: async () => {
    const left = await sharp(read('grace-hopper.jpg')).resize(400, 400, { fit: 'cover' }).toBuffer();
    const right = await sharp(read('eileen-collins.jpg')).resize(400, 400).toBuffer();
    return sharp({ create: { width: 800, height: 400, channels: 3, background: '#888888' } })
      .composite([
        { input: left, left: 0, top: 0 },
        { input: right, left: 400, top: 0 },
      ])
      .jpeg()
      .toBuffer();
  },
  /** Grace Hopper far away in a large empty frame */
  faceTooSmall: async () => {
    const small = await sharp(read('grace-hopper.jpg')).resize(60, 70).toBuffer();
    return sharp({ create: { width: 640, height: 640, channels: 3, background: '#888888' } })
      .composite([{ input: small, left: 290, top: 280 }])
      .jpeg()
      .toBuffer();
  },
  tooDark: () => sharp(read('grace-hopper.jpg')).modulate({ brightness: 0.12 }).jpeg().toBuffer(),
  /** a phone photo stored sideways with an EXIF orientation tag (6: rotate 90° to view) */
  hopperSideways: () => sharp(read('grace-hopper.jpg')).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
  notAnImage: () => Buffer.from('%PDF-1.4 this is not a photo'),
};

let owned = 0;
/** The same picture as another file: bytes after the JPEG's end, which decoders ignore. */
const ownFile = (photo: Buffer) => Buffer.concat([photo, Buffer.from(`\nfile ${(owned += 1)}`)]);

const shotHashes: string[] = [];
/** the printed shot held up (its pairs, measured with the model, are all the same still scene) */
const HELD_UP_BASE = 1038;
const HELD_UP_FIRST = 1;

/**
 * The next new shot that is as far from every earlier one as two live shots are: a model of
 * shots with a few knobs can come back near one it made before, so those are skipped. A copy
 * is within 4 bits on the whole picture's hash; a still scene within 14 of the shot before.
 */
async function distinctCapture(portrait: Buffer): Promise<Buffer> {
  // nor near the print held up (hopperHeldUp), nor the original portrait
  if (shotHashes.length === 0) {
    for (const known of [await newCapture(read('grace-hopper.jpg'), HELD_UP_BASE), read('grace-hopper.jpg')]) {
      shotHashes.push(await frameHash(known));
    }
  }
  for (;;) {
    fresh += 1;
    const shot = await newCapture(portrait, fresh);
    const hash = await frameHash(shot);
    const last = shotHashes.at(-1);
    if (
      shotHashes.some((h, i) => hashDistance(h, hash) <= (i === 0 ? 18 : 10)) ||
      (last && hashDistance(last, hash) <= 18)
    )
      continue;
    shotHashes.push(hash);
    return shot;
  }
}

async function frameHash(photo: Buffer): Promise<string> {
  const { data, info } = await sharp(photo)
    .resize(640, 640, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (await perceptualHashes({ data, width: info.width, height: info.height })).hash;
}

/** The n-th shot's wall: dark and light by turns, of a hue that seldom comes back. */
const backgroundOf = (n: number) => `hsl(${(n * 47) % 360}, 35%, ${n % 2 ? 78 : 24}%)`;

/** The n-th new shot of a portrait: its angle, light, place, size and background all change with n. */
async function newCapture(portrait: Buffer, n: number): Promise<Buffer> {
  const random = seeded(n);
  const angle = Math.round(random() * 24 - 12);
  const scale = 0.7 + random() * 0.25;
  const [x1, y1] = [random(), random()];
  const { width = 512, height = 600 } = await sharp(portrait).metadata();
  const light = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${1 - x1}" y2="${1 - y1}">` +
      `<stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>` +
      `</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
  );
  const lit = await sharp(portrait)
    .composite([{ input: light, blend: 'soft-light' }])
    .toBuffer();
  const background = backgroundOf(n);
  const face = await sharp(lit)
    .rotate(angle, { background })
    .resize(Math.round(480 * scale))
    .toBuffer();
  const placed = await sharp(face).metadata();
  const SIDE = 640;
  const left = Math.round(random() * (SIDE - placed.width!));
  const top = Math.round(
    random() * Math.max(0, SIDE - placed.height!) * 0.6 + Math.max(0, SIDE - placed.height!) * 0.4,
  );
  // the room behind: a window, a door, a shelf — wherever this shot puts them
  const room = Array.from({ length: 3 }, () => {
    const [w, h] = [80 + random() * 260, 80 + random() * 400];
    return (
      `<rect x="${random() * (SIDE - w)}" y="${random() * (SIDE - h)}" width="${w}" height="${h}" ` +
      `fill="hsl(${Math.round(random() * 360)}, 40%, ${Math.round(15 + random() * 70)}%)"/>`
    );
  }).join('');
  const wall = Buffer.from(`<svg width="${SIDE}" height="${SIDE}">${room}</svg>`);
  return sharp({ create: { width: SIDE, height: SIDE, channels: 3, background } })
    .composite([
      { input: wall, left: 0, top: 0 },
      {
        input: face,
        left: Math.max(0, Math.min(SIDE - placed.width!, left)),
        top: Math.max(0, Math.min(SIDE - placed.height!, top)),
      },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** A small seeded random number generator (mulberry32): the n-th shot is the same in every run. */
function seeded(seed: number): () => number {
  let state = seed * 0x9e3779b9;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
