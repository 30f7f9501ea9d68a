import type { FaceAnalysis } from './face-engine.js';

/** Why a photo cannot be used to check a face. */
export type FaceRejection =
  | 'NOT_IMAGE'
  | 'NO_FACE'
  | 'MULTIPLE_FACES'
  | 'FACE_TOO_SMALL'
  | 'POOR_FACE'
  | 'TOO_DARK'
  | 'TOO_BRIGHT'
  /** the very file of the reference or of an earlier photo (a check wants a new one) */
  | 'REPLAY';

export const FACE_REJECTION_MESSAGES: Record<FaceRejection, string> = {
  REPLAY: '请用摄像头现场拍照，不能使用已有的照片',
  NOT_IMAGE: '无法识别的图片，请上传JPG、PNG或WebP格式的照片',
  NO_FACE: '未检测到人脸，请正对摄像头，保持面部完整、清晰',
  MULTIPLE_FACES: '检测到多张人脸，请确保画面中只有您本人',
  FACE_TOO_SMALL: '人脸太小，请靠近摄像头',
  POOR_FACE: '人脸不够清晰，请正对摄像头并保持不动',
  TOO_DARK: '光线太暗，请在明亮的地方拍摄',
  TOO_BRIGHT: '光线太强，请避开强光拍摄',
};

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

export type FaceJudgement =
  { usable: true; embedding: number[]; detectorScore: number } | { usable: false; reason: FaceRejection };

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
  return { usable: true, embedding: face.embedding, detectorScore: face.detectorScore };
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
