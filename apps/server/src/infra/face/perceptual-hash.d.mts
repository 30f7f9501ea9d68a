import type { PictureHashes } from './face-engine.js';

/** The perceptual hash of a raw RGB picture (or of a region of it), and of its mirror image. */
export function perceptualHashes(
  raw: { data: Buffer; width: number; height: number },
  region?: { left: number; top: number; width: number; height: number },
): Promise<PictureHashes>;
