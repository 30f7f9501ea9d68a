/**
 * Face analysis: what the model found in one photo. The engine runs the model off the event
 * loop (a worker thread), one photo at a time; judging and comparing are plain functions
 * (face-judgement.ts) so the rules are tested without the model.
 */
export interface FoundFace {
  /** the detector's confidence, 0–1 */
  detectorScore: number;
  /** [x, y, width, height] in pixels of the analysed image */
  box: [number, number, number, number];
  /** the face description the comparison uses */
  embedding: number[];
  /** the anti-spoofing model's score that this is a real face, not a picture of one (0–1) */
  real: number | null;
  /** the liveness model's score (0–1) */
  live: number | null;
  /** perceptual hashes of the face's box */
  hashes: PictureHashes | null;
}

/** A picture's perceptual hash (64 bits in hex) and its mirror image's. */
export interface PictureHashes {
  hash: string;
  mirrored: string;
}

export type FaceAnalysis =
  | { kind: 'not-image' }
  | {
      kind: 'analysed';
      width: number;
      height: number;
      luminance: number;
      /** perceptual hashes of the whole picture */
      hashes: PictureHashes;
      faces: FoundFace[];
    };

export interface FaceEngine {
  analyse(photo: Buffer): Promise<FaceAnalysis>;
  /** photos waiting for the model, and the one it is on */
  readonly queued: number;
  close(): Promise<void>;
}
