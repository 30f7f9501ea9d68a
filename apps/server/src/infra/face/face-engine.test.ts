import { afterAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../../test/face-photos.js';
import { cosineSimilarity, decodeEmbedding, encodeEmbedding, judgeFace } from './face-judgement.js';
import { createWorkerFaceEngine } from './worker-face-engine.js';

/** The real model on real photographs: what a check would decide for each. */
describe('the face engine', () => {
  const engine = createWorkerFaceEngine();
  afterAll(() => engine.close());
  const THRESHOLD = 0.65;

  const embed = async (photo: Buffer | Promise<Buffer>) => {
    const judged = judgeFace(await engine.analyse(await photo));
    if (!judged.usable) throw new Error(`not usable: ${judged.reason}`);
    return judged.embedding;
  };
  const reason = async (photo: Buffer | Promise<Buffer>) => {
    const judged = judgeFace(await engine.analyse(await photo));
    return judged.usable ? 'usable' : judged.reason;
  };

  it('matches two photos of the same person and keeps two people apart', async () => {
    const hopper = await embed(facePhotos.hopper());
    const hopperAgain = await embed(facePhotos.hopperAgain());
    const collins = await embed(facePhotos.collins());
    const collinsAgain = await embed(facePhotos.collinsAgain());
    expect(hopper).toHaveLength(1024);
    expect(cosineSimilarity(hopper, hopperAgain)).toBeGreaterThan(THRESHOLD);
    expect(cosineSimilarity(collins, collinsAgain)).toBeGreaterThan(THRESHOLD);
    expect(cosineSimilarity(hopper, collins)).toBeLessThan(THRESHOLD);
    expect(cosineSimilarity(hopperAgain, collinsAgain)).toBeLessThan(THRESHOLD);
  }, 60_000);

  it('reads the EXIF orientation of a photo taken sideways', async () => {
    const hopper = await embed(facePhotos.hopper());
    expect(cosineSimilarity(hopper, await embed(facePhotos.hopperSideways()))).toBeGreaterThan(THRESHOLD);
  }, 60_000);

  it('says why a photo cannot be used', async () => {
    expect(await reason(facePhotos.coffee())).toBe('NO_FACE');
    expect(await reason(facePhotos.twoPeople())).toBe('MULTIPLE_FACES');
    expect(await reason(facePhotos.faceTooSmall())).toBe('FACE_TOO_SMALL');
    expect(await reason(facePhotos.tooDark())).toBe('TOO_DARK');
    expect(await reason(facePhotos.notAnImage())).toBe('NOT_IMAGE');
  }, 60_000);

  it('keeps an embedding intact through storage', async () => {
    const hopper = await embed(facePhotos.hopper());
    expect(cosineSimilarity(hopper, decodeEmbedding(encodeEmbedding(hopper)))).toBeCloseTo(1, 6);
  }, 60_000);
});
