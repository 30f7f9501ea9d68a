import { describe, expect, it } from 'vitest';
import type { FaceAnalysis, FoundFace } from './face-engine.js';
import { cosineSimilarity, judgeFace } from './face-judgement.js';

const face = (score: number, width: number): FoundFace => ({
  detectorScore: score,
  box: [10, 10, width, width],
  embedding: [1, 0, 0],
});
const photo = (faces: FoundFace[], luminance = 120): FaceAnalysis => ({
  kind: 'analysed',
  width: 640,
  height: 480,
  luminance,
  faces,
});

describe('judging a photo for a face check', () => {
  it('takes one clear, large, well-lit face', () => {
    expect(judgeFace(photo([face(0.9, 200)]))).toMatchObject({ usable: true, detectorScore: 0.9 });
  });

  it('names what is wrong otherwise', () => {
    expect(judgeFace(photo([]))).toEqual({ usable: false, reason: 'NO_FACE' });
    expect(judgeFace(photo([face(0.4, 200)]))).toEqual({ usable: false, reason: 'NO_FACE' });
    expect(judgeFace(photo([face(0.9, 200), face(0.8, 120)]))).toEqual({ usable: false, reason: 'MULTIPLE_FACES' });
    expect(judgeFace(photo([face(0.9, 50)]))).toEqual({ usable: false, reason: 'FACE_TOO_SMALL' });
    expect(judgeFace(photo([face(0.55, 200)]))).toEqual({ usable: false, reason: 'POOR_FACE' });
    expect(judgeFace(photo([face(0.9, 200)], 20))).toEqual({ usable: false, reason: 'TOO_DARK' });
    expect(judgeFace(photo([face(0.9, 200)], 250))).toEqual({ usable: false, reason: 'TOO_BRIGHT' });
    expect(judgeFace({ kind: 'not-image' })).toEqual({ usable: false, reason: 'NOT_IMAGE' });
  });

  it('does not count a tiny face far in the background as a second person', () => {
    expect(judgeFace(photo([face(0.9, 200), face(0.7, 20)])).usable).toBe(true);
  });

  it('compares embeddings by cosine', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBe(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([1, 0], [])).toBe(0);
  });
});
