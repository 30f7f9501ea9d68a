import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../../test/face-photos.js';
import { copiesReference, judgeFace, likeness, type UsableFace } from './face-judgement.js';
import { createWorkerFaceEngine } from './worker-face-engine.js';

/**
 * The copy and still-scene rules with the real model on the test photographs: the calibration
 * the thresholds in face-judgement.ts rest on, kept as a test so a change of model or rule
 * that breaks it is seen.
 */
describe('telling a copied photo from a new capture, with the real model', () => {
  const engine = createWorkerFaceEngine();
  afterAll(() => engine.close());

  const judge = async (photo: Buffer | Promise<Buffer>): Promise<UsableFace> => {
    const judged = judgeFace(await engine.analyse(await photo));
    if (!judged.usable) throw new Error(`not usable: ${judged.reason}`);
    return judged;
  };
  const stored = (face: UsableFace) => ({
    frameHash: face.frameHashes!.hash,
    faceHash: face.faceHashes!.hash,
    embedding: face.embedding,
  });

  it('calls every copy of the reference a copy, and no new capture', async () => {
    const reference = await judge(facePhotos.hopper());
    const copies = await facePhotos.copiesOf(facePhotos.hopper());
    for (const [name, copy] of Object.entries(copies)) {
      expect(copiesReference(await judge(copy), stored(reference)), name).toBe(true);
    }
    const faceOnly = await sharp(facePhotos.hopper())
      .extract({ left: 50, top: 40, width: 412, height: 480 })
      .toBuffer();
    expect(copiesReference(await judge(faceOnly), stored(reference)), 'cropped to the face').toBe(true);
    for (let n = 0; n < 8; n++) {
      expect(copiesReference(await judge(facePhotos.hopperFresh()), stored(reference)), `capture ${n}`).toBe(false);
    }
    expect(copiesReference(await judge(facePhotos.collins()), stored(reference))).toBe(false);
  }, 120_000);

  it('calls a copy of an earlier photo a copy, and new captures neither copies nor one still scene', async () => {
    const shots: UsableFace[] = [];
    for (let n = 0; n < 12; n++) {
      const shot = await judge(facePhotos.hopperFresh());
      for (const [i, earlier] of shots.entries()) {
        expect(likeness(shot, stored(earlier)), `capture ${n} against ${i}`).not.toBe('copy');
      }
      if (shots.length > 0)
        expect(likeness(shot, stored(shots.at(-1)!)), `capture ${n} after the one before`).toBeNull();
      shots.push(shot);
    }
    const capture = await facePhotos.hopperFresh();
    const original = await judge(capture);
    for (const [name, copy] of Object.entries(await facePhotos.copiesOf(capture))) {
      expect(likeness(await judge(copy), stored(original)), name).toBe('copy');
    }
  }, 120_000);

  it('sees a picture held up to the camera again and again as the same still scene, not a copy', async () => {
    const shots: UsableFace[] = [];
    for (let n = 0; n < 5; n++) shots.push(await judge(facePhotos.hopperHeldUp(n)));
    for (let i = 0; i < shots.length; i++) {
      for (let j = i + 1; j < shots.length; j++) {
        expect(likeness(shots[j]!, stored(shots[i]!)), `held up ${j} after ${i}`).toBe('still');
      }
    }
  }, 120_000);
});
