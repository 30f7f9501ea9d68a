import { FaceRejectionMsg } from '@anxun/shared/messages';
import type { FaceAnalysis, PictureHashes } from './face-engine.js';

/** Why a photo cannot be used to check a face. */
export type FaceRejection =
  | 'NOT_IMAGE'
  | 'NO_FACE'
  | 'MULTIPLE_FACES'
  | 'FACE_TOO_SMALL'
  | 'POOR_FACE'
  | 'TOO_DARK'
  | 'TOO_BRIGHT'
  /** the reference or an earlier photo again, copied, re-encoded, cropped or relit (a check wants a new one) */
  | 'REPLAY'
  /** the same still scene check after check, beyond the organisation's patience (a picture held up) */
  | 'STILL_SCENE'
  /** a check's photo must come from the camera, each with the nonce the server gave for it */
  | 'NOT_LIVE_CAPTURE';

/** What each rejection says (the shared texts: the web shows the same words). */
export const FACE_REJECTION_MESSAGES: Record<FaceRejection, string> = FaceRejectionMsg;

export interface FaceRules {
  /** a detection at least this confident counts as a face */
  minDetectorScore: number;
  /** the face used must be at least this confident */
  goodDetectorScore: number;
  /** faces narrower than this share of the picture's shorter side are background, not a second person */
  ignoreBelowRatio: number;
  /** the face used must fill at least this share of the shorter side */
  minFaceRatio: number;
  minLuminance: number;
  maxLuminance: number;
}

export const DEFAULT_FACE_RULES: FaceRules = {
  minDetectorScore: 0.5,
  goodDetectorScore: 0.6,
  ignoreBelowRatio: 0.06,
  minFaceRatio: 0.15,
  minLuminance: 40,
  maxLuminance: 230,
};

/** A usable face: what the comparison and the copy checks need of it. */
export interface UsableFace {
  usable: true;
  embedding: number[];
  detectorScore: number;
  /** the whole picture's perceptual hashes, and the face box's */
  frameHashes: PictureHashes | null;
  faceHashes: PictureHashes | null;
  /** anti-spoofing and liveness scores (0–1), recorded and flagged when low, never a verdict alone */
  real: number | null;
  live: number | null;
}

export type FaceJudgement = UsableFace | { usable: false; reason: FaceRejection };

/** Exactly one clear face, well lit and large enough, or the reason why not. */
export function judgeFace(analysis: FaceAnalysis, rules: FaceRules = DEFAULT_FACE_RULES): FaceJudgement {
  if (analysis.kind === 'not-image') return { usable: false, reason: 'NOT_IMAGE' };
  const side = Math.min(analysis.width, analysis.height);
  const faces = analysis.faces
    .filter((f) => f.detectorScore >= rules.minDetectorScore && f.embedding.length > 0)
    .map((f) => ({ ...f, ratio: f.box[2] / side }));
  const counted = faces.filter((f) => f.ratio >= rules.ignoreBelowRatio);
  if (counted.length === 0) {
    if (analysis.luminance < rules.minLuminance) return { usable: false, reason: 'TOO_DARK' };
    return { usable: false, reason: faces.length > 0 ? 'FACE_TOO_SMALL' : 'NO_FACE' };
  }
  if (counted.length > 1) return { usable: false, reason: 'MULTIPLE_FACES' };
  const face = counted[0]!;
  if (face.ratio < rules.minFaceRatio) return { usable: false, reason: 'FACE_TOO_SMALL' };
  if (analysis.luminance < rules.minLuminance) return { usable: false, reason: 'TOO_DARK' };
  if (analysis.luminance > rules.maxLuminance) return { usable: false, reason: 'TOO_BRIGHT' };
  if (face.detectorScore < rules.goodDetectorScore) return { usable: false, reason: 'POOR_FACE' };
  return {
    usable: true,
    embedding: face.embedding,
    detectorScore: face.detectorScore,
    frameHashes: analysis.hashes ?? null,
    faceHashes: face.hashes ?? null,
    real: face.real ?? null,
    live: face.live ?? null,
  };
}

/** Bits that differ between two 64-bit hashes in hex (64 when either is missing). */
export function hashDistance(a: string | null | undefined, b: string | null | undefined): number {
  if (!a || !b || a.length !== b.length) return 64;
  let bits = 0;
  for (let i = 0; i < a.length; i += 8) {
    let x = (parseInt(a.slice(i, i + 8), 16) ^ parseInt(b.slice(i, i + 8), 16)) >>> 0;
    while (x) {
      bits += x & 1;
      x >>>= 1;
    }
  }
  return bits;
}

/** An earlier photo as stored: its hashes (not mirrored) and embedding. */
export interface EarlierPhoto {
  frameHash: string | null;
  faceHash: string | null;
  embedding: readonly number[];
}

/**
 * How near two pictures of one face may come before one is a copy of the other, or the same
 * still scene. Calibrated with the real model on the test photographs (face-likeness.test.ts;
 * README "Face checks"): copies of a photo — one byte longer, re-encoded at quality 60,
 * cropped by 6 px, brightened 5 %, halved — kept the whole picture's hash within 2 bits (the
 * embedding fell to 0.95 for a halved one, the face hash moved up to 8 bits); the reference
 * cropped to its face kept its face hash within 2 bits at a cosine of 0.995. Forty new captures
 * of one person (turned, lit from another side, moved, on another wall) stayed ≥ 8 bits apart
 * on the whole picture, but their face hashes came as near as 0 bits and their embeddings as
 * high as 0.99: the whole picture's hash does the work, the embedding makes sure it is the face.
 */
export interface LikenessRules {
  /** the same person's face, for all that follows */
  sameFace: number;
  /** a copy of the reference: the whole picture within these bits… */
  referenceFrameBits: number;
  /** …or the very same face (a photo cropped to it, or framed in something else), of the reference or an earlier photo */
  verySameFace: number;
  referenceFaceBits: number;
  /** a copy of an earlier check photo: the whole picture within these bits */
  earlierFrameBits: number;
  /** the same still scene as the photo before: flagged when it repeats */
  stillFrameBits: number;
}

export const DEFAULT_LIKENESS_RULES: LikenessRules = {
  sameFace: 0.93,
  referenceFrameBits: 6,
  verySameFace: 0.993,
  referenceFaceBits: 2,
  earlierFrameBits: 4,
  stillFrameBits: 14,
};

/** A photo's distance to an earlier one: the bits its hashes (or their mirror images) differ in, and its embedding's cosine. */
function distance(photo: Pick<UsableFace, 'embedding' | 'frameHashes' | 'faceHashes'>, earlier: EarlierPhoto) {
  const near = (hashes: PictureHashes | null, stored: string | null) =>
    hashes ? Math.min(hashDistance(hashes.hash, stored), hashDistance(hashes.mirrored, stored)) : 64;
  const frame = near(photo.frameHashes, earlier.frameHash);
  const face = near(photo.faceHashes, earlier.faceHash);
  const cosine = frame === 64 && face === 64 ? 0 : cosineSimilarity(photo.embedding, earlier.embedding);
  return { frame, face, cosine };
}

/** Pictures near enough (whole, or the face) to be a copy or a still scene: worth loading the embedding for. */
export function mayBeAlike(
  photo: Pick<UsableFace, 'frameHashes' | 'faceHashes'>,
  frameHash: string | null,
  faceHash: string | null,
  rules: LikenessRules = DEFAULT_LIKENESS_RULES,
): boolean {
  const near = (hashes: PictureHashes | null, stored: string | null) =>
    hashes ? Math.min(hashDistance(hashes.hash, stored), hashDistance(hashes.mirrored, stored)) : 64;
  return (
    near(photo.frameHashes, frameHash) <= rules.stillFrameBits ||
    near(photo.faceHashes, faceHash) <= rules.referenceFaceBits
  );
}

/** The reference photo again: copied, re-encoded, cropped, relit, resized or mirrored. */
export function copiesReference(
  photo: Pick<UsableFace, 'embedding' | 'frameHashes' | 'faceHashes'>,
  reference: EarlierPhoto,
  rules: LikenessRules = DEFAULT_LIKENESS_RULES,
): boolean {
  const d = distance(photo, reference);
  return (
    (d.cosine >= rules.sameFace && d.frame <= rules.referenceFrameBits) ||
    (d.cosine >= rules.verySameFace && d.face <= rules.referenceFaceBits)
  );
}

/** An earlier check photo, 'copy'-ed, or the same 'still' scene, or neither. */
export function likeness(
  photo: Pick<UsableFace, 'embedding' | 'frameHashes' | 'faceHashes'>,
  earlier: EarlierPhoto,
  rules: LikenessRules = DEFAULT_LIKENESS_RULES,
): 'copy' | 'still' | null {
  const d = distance(photo, earlier);
  if (d.cosine < rules.sameFace) return null;
  if (d.frame <= rules.earlierFrameBits) return 'copy';
  // cropped to the face, or framed in something else: the very same face
  if (d.cosine >= rules.verySameFace && d.face <= rules.referenceFaceBits) return 'copy';
  return d.frame <= rules.stillFrameBits ? 'still' : null;
}
/**
 * Cosine similarity of two embeddings, −1…1 (the same person scores near 0.95 with this
 * model, different people near 0.4). Human's own similarity() rescales and saturates at 1;
 * a raw cosine keeps the margin visible to whoever tunes the threshold.
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Embeddings are stored as base64 of their float32 bytes: 1024 numbers in 5.5 KB of text. */
export function encodeEmbedding(embedding: readonly number[]): string {
  return Buffer.from(new Float32Array(embedding).buffer).toString('base64');
}

export function decodeEmbedding(text: string): number[] {
  // a copy: a decoded Buffer may sit at an offset a Float32Array cannot start at
  const bytes = new Uint8Array(Buffer.from(text, 'base64'));
  return Array.from(new Float32Array(bytes.buffer, 0, Math.floor(bytes.length / 4)));
}
