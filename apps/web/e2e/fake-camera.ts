import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;
/** two seconds at 15 frames a second, looped by Chromium */
const FRAMES = 30;

/**
 * A Y4M video (what Chromium's fake camera plays) of one photograph: the browser tests'
 * "learner in front of the camera". 4:2:0 planes from the photo's RGB (BT.601).
 */
export async function fakeCameraFile(photo: Buffer): Promise<string> {
  const { data } = await sharp(photo)
    .resize(WIDTH, HEIGHT, { fit: 'contain', background: '#808080' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < HEIGHT; row++) {
    for (let col = 0; col < WIDTH; col++) {
      const i = (row * WIDTH + col) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      y[row * WIDTH + col] = clamp(0.257 * r + 0.504 * g + 0.098 * b + 16);
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (WIDTH / 2) + col / 2;
        u[j] = clamp(-0.148 * r - 0.291 * g + 0.439 * b + 128);
        v[j] = clamp(0.439 * r - 0.368 * g - 0.071 * b + 128);
      }
    }
  }
  // Every frame a little different (light and sensor noise), as a real camera's: a face
  // check refuses the very file of a photo it has seen, so two shots must differ.
  const frames = Array.from({ length: FRAMES }, (_, f) => {
    const lit = Buffer.from(y);
    for (let i = (f * 7919) % 97; i < lit.length; i += 97) lit[i] = clamp(lit[i]! + ((f % 5) - 2) * 3 + ((i >> 3) % 3));
    return Buffer.concat([Buffer.from('FRAME\n'), lit, u, v]);
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-camera-')), 'camera.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`), ...frames]),
  );
  return file;
}
