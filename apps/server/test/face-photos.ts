import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

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
   * Yet another photo of Grace Hopper, different at every call (as two camera shots are):
   * a check refuses a file it has seen before.
   */
  hopperFresh: () => {
    fresh += 1;
    return sharp(read('grace-hopper.jpg'))
      .extract({ left: 20 + (fresh % 15), top: 20 + (fresh % 11), width: 460, height: 540 })
      .modulate({ brightness: 0.95 + (fresh % 10) * 0.01 })
      .jpeg({ quality: 80 })
      .toBuffer();
  },
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
