import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const SIDE = 640;
const FPS = 8;
/** each shot stays half a second in front of the camera */
const HOLD = 4;

/**
 * A Y4M video (what Chromium's fake camera plays, looped) of a few shots, each held for half a
 * second: the browser tests' "learner in front of the camera". A live learner is never the
 * same picture twice — a check refuses a copy of an earlier photo — so a test of a live
 * learner gives shots that differ as live shots do (facePhotos.hopperShots), and a test of a
 * picture held up gives that (facePhotos.hopperHeldUp). 4:2:0 planes from RGB (BT.601).
 */
export async function fakeCameraFile(shots: Buffer[]): Promise<string> {
  const frames: Buffer[] = [];
  for (const shot of shots) {
    const frame = await yuvFrame(shot);
    for (let i = 0; i < HOLD; i++) frames.push(frame);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-camera-')), 'camera.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${SIDE} H${SIDE} F${FPS}:1 Ip A1:1 C420jpeg\n`), ...frames]),
  );
  return file;
}

async function yuvFrame(photo: Buffer): Promise<Buffer> {
  const { data } = await sharp(photo)
    .resize(SIDE, SIDE, { fit: 'contain', background: '#808080' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(SIDE * SIDE);
  const u = Buffer.alloc((SIDE / 2) * (SIDE / 2));
  const v = Buffer.alloc((SIDE / 2) * (SIDE / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < SIDE; row++) {
    for (let col = 0; col < SIDE; col++) {
      const i = (row * SIDE + col) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      y[row * SIDE + col] = clamp(0.257 * r + 0.504 * g + 0.098 * b + 16);
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (SIDE / 2) + col / 2;
        u[j] = clamp(-0.148 * r - 0.291 * g + 0.439 * b + 128);
        v[j] = clamp(0.439 * r - 0.368 * g - 0.071 * b + 128);
      }
    }
  }
  return Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
}
