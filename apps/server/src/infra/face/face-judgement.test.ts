import { describe, expect, it } from 'vitest';
import type { FaceAnalysis, FoundFace } from './face-engine.js';
import { copiesReference, cosineSimilarity, hashDistance, judgeFace, likeness } from './face-judgement.js';

const face = (score: number, width: number): FoundFace => ({
  detectorScore: score,
  box: [10, 10, width, width],
  embedding: [1, 0, 0],
  real: 0.9,
  live: 0.9,
  hashes: { hash: '0f0f0f0f0f0f0f0f', mirrored: 'f0f0f0f0f0f0f0f0' },
});
const photo = (faces: FoundFace[], luminance = 120): FaceAnalysis => ({
  kind: 'analysed',
  width: 640,
  height: 480,
  luminance,
  hashes: { hash: '00ff00ff00ff00ff', mirrored: 'ff00ff00ff00ff00' },
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

describe('telling a copy from a new capture', () => {
  const shot = (frame: string, face: string, embedding = [1, 0, 0]) => ({
    embedding,
    frameHashes: { hash: frame, mirrored: 'ffffffffffffffff' },
    faceHashes: { hash: face, mirrored: 'ffffffffffffffff' },
  });
  const zero = '0000000000000000';
  const earlier = { frameHash: zero, faceHash: zero, embedding: [1, 0, 0] };

  it('counts the bits two hashes differ in', () => {
    expect(hashDistance(zero, zero)).toBe(0);
    expect(hashDistance(zero, 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('8000000000000001', zero)).toBe(2);
    expect(hashDistance(null, zero)).toBe(64);
  });

  it('calls the reference copied when its picture stays near, or its face is the very same', () => {
    expect(copiesReference(shot('000000000000003f', 'ffffffffffffffff'), earlier)).toBe(true);
    expect(copiesReference(shot('00000000000000ff', 'ffffffffffffffff'), earlier)).toBe(false);
    expect(copiesReference(shot('ffffffffffffffff', '0000000000000003'), earlier)).toBe(true);
    expect(copiesReference(shot('ffffffffffffffff', '0000000000000003', [0.99, 0.141, 0]), earlier)).toBe(false);
    expect(copiesReference(shot(zero, zero, [0.8, 0.6, 0]), earlier)).toBe(false);
  });

  it('calls an earlier photo copied when the picture stays within 4 bits, the same scene within 14', () => {
    expect(likeness(shot('000000000000000f', 'ffffffffffffffff'), earlier)).toBe('copy');
    expect(likeness(shot('000000000000001f', '000000000000003f'), earlier)).toBe('still');
    expect(likeness(shot('0000000000003fff', '000000000000003f'), earlier)).toBe('still');
    // the very same face, its picture cropped around it
    expect(likeness(shot('0000000000ffffff', '0000000000000003'), earlier)).toBe('copy');
    expect(likeness(shot('0000000000007fff', '000000000000003f'), earlier)).toBeNull();
  });

  it('never calls two different faces alike, however alike the pictures', () => {
    expect(likeness(shot(zero, zero, [0, 1, 0]), earlier)).toBeNull();
    expect(copiesReference(shot(zero, zero, [0, 1, 0]), earlier)).toBe(false);
  });

  it('sees a mirrored copy through the mirrored hash', () => {
    const mirrored = {
      ...shot('ffffffffffffffff', 'ffffffffffffffff'),
      frameHashes: { hash: 'ffffffffffffffff', mirrored: '0000000000000001' },
    };
    expect(copiesReference(mirrored, earlier)).toBe(true);
  });
});
