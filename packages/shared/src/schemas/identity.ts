import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { examResultsExportQuery } from './exams.js';
import { idText, line } from './text.js';

/** The longest a random check may wait (issue: identity — at most every 15 minutes). */
export const MAX_RANDOM_CHECK_MINUTES = 15;

/** A class's face-check settings (train_classes.rules.faceCheck). */
export const faceCheckRules = z.object({
  enabled: z.boolean(),
  /** once per login session, before the first credited second */
  atStart: z.boolean(),
  /** when a courseware unit has been watched to its end */
  atEnd: z.boolean(),
  /** a check at a random moment within every N minutes of credited study; 0 = none */
  randomEveryMinutes: z.number().min(0).max(MAX_RANDOM_CHECK_MINUTES),
  /** seconds a learner has to pass a check once it is due */
  windowSeconds: z.number().min(30).max(3600),
  /** 考试前: before an exam paper is started or resumed (left out: off, as for classes made before it) */
  beforeExam: z.boolean().optional(),
});
export type FaceCheckRules = z.infer<typeof faceCheckRules>;

export const getClassCheckBody = z.strictObject({ trainClassId: idText() });
export const classCheck = faceCheckRules.extend({
  trainClassId: z.string(),
  /** whether the learner has a reference photo to be compared with */
  hasReference: z.boolean(),
});

/** `exam`: before an exam is started or resumed (a class that checks faces checks who sits it) */
export const faceCheckKind = z.enum(['start', 'random', 'end', 'exam']);
export const faceCheckStatus = z.enum(['pending', 'failed', 'passed', 'missed', 'voided']);

/**
 * A face check as the learner sees it; `missed` = not passed within its window; `voided` = a
 * pass a training manager voided in 核验审核 (the credit it let through was taken back).
 */
export const faceCheck = z.object({
  checkId: z.string(),
  trainPersonId: z.string(),
  kind: faceCheckKind,
  status: faceCheckStatus,
  dueAt: z.string(),
  windowEndsAt: z.string(),
  attempts: z.number(),
  /** best similarity reached, 0–1 */
  bestScore: z.number().nullable(),
  passedAt: z.string().nullable(),
  /** passed, but after the window had ended */
  late: z.boolean(),
});
export type FaceCheck = z.infer<typeof faceCheck>;

/** A check not yet passed, with where it belongs, so any page can offer to take it. */
export const openCheck = faceCheck.extend({
  trainClassId: z.string(),
  className: z.string(),
  /** the unit it was opened on (the end of this unit, or during it); null when unknown */
  trainWarpCourseId: z.string().nullable(),
  trainClassCourseId: z.string().nullable(),
  unitName: z.string().nullable(),
  /** its window has ended: still to be taken, credit waits for it */
  overdue: z.boolean(),
});
export type OpenCheck = z.infer<typeof openCheck>;

export const getCheckListBody = z.strictObject({ ...pageQuery.shape, trainClassId: idText().optional() });
export const checkList = z.object({
  records: z.array(faceCheck),
  total: z.number(),
  counts: z.object({
    passed: z.number(),
    late: z.number(),
    pending: z.number(),
    failed: z.number(),
    missed: z.number(),
    voided: z.number(),
  }),
});

/** cls_Warp/updateVerify: the verification counts of a courseware record, counted by the server. */
export const updateVerifyBody = z.strictObject({ trainWarpCourseId: idText() });
export const verifyCounts = z.object({
  trainWarpCourseId: z.string(),
  checks: z.number(),
  passed: z.number(),
  failedAttempts: z.number(),
  lastPassedAt: z.string().nullable(),
});

export const faceRejection = z.enum([
  'NOT_IMAGE',
  'NO_FACE',
  'MULTIPLE_FACES',
  'FACE_TOO_SMALL',
  'POOR_FACE',
  'TOO_DARK',
  'TOO_BRIGHT',
  'MISMATCH',
  /** the reference or an earlier photo again (copied, re-encoded, cropped, relit), not a new one */
  'REPLAY',
  /** the same still scene check after check (refused only where the server is set to) */
  'STILL_SCENE',
  /** a check's photo without a nonce from the server, or with one used already */
  'NOT_LIVE_CAPTURE',
]);

/**
 * Why 核验审核 should look at a passed check: the same still scene as two of the last five
 * passes, an anti-spoofing or liveness score below the server's threshold, or photos refused
 * as copies (or not live) before it passed.
 */
export const faceFlag = z.enum([
  'STILL_SCENE',
  'LOW_ANTISPOOF',
  'LOW_LIVENESS',
  'REFUSED_COPIES',
  /** before the pass, a photo of the check did not match the reference: someone else in front of the camera */
  'OTHER_FACE',
  'SAMPLED',
]);
export type FaceFlag = z.infer<typeof faceFlag>;

/** A single-use nonce for one camera photo (POST /api/face/nonce). */
export const captureNonce = z.object({ nonce: z.string(), expiresAt: z.string() });

/** The answer of POST /api/face/compare. */
export const compareResult = z.object({
  passed: z.boolean(),
  /** cosine similarity to the reference, 0–1 (null when no face could be used) */
  score: z.number().nullable(),
  threshold: z.number(),
  reason: faceRejection.nullable(),
  msg: z.string(),
  /** the check this photo was for, with its state after it */
  check: faceCheck.nullable(),
});
export type CompareResult = z.infer<typeof compareResult>;

export const referenceInfo = z.object({
  hasReference: z.boolean(),
  /** short-lived signed URL of the reference photo (the learner's own) */
  photoUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
  setByAdmin: z.boolean(),
  /** whether the learner may take or upload it himself (his organisation's choice) */
  selfAllowed: z.boolean(),
});
export type ReferenceInfo = z.infer<typeof referenceInfo>;

/** Who takes a learner's 本人照片: he himself, or only a training manager. */
export const referenceMode = z.enum(['learner', 'manager']);
export const referenceSettings = z.strictObject({ mode: referenceMode });
export type ReferenceSettings = z.infer<typeof referenceSettings>;

export const captureTokenBody = z.strictObject({ checkId: idText() });
export const captureToken = z.object({
  /** opens /#/camera?t=… on a phone */
  url: z.string(),
  expiresAt: z.string(),
  /** the URL as a QR code, SVG markup */
  qrSvg: z.string(),
});

/** The realtime message a desktop receives when a check is decided (WsCode.FACE_CHECK_RESULT). */
export const faceCheckMessage = z.object({ checkId: z.string(), passed: z.boolean(), score: z.number().nullable() });

/** 核验审核 (issue: Console III): checks that failed or passed with a low score, for a manager's review. */
export const faceReviewQuery = z.strictObject({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** waiting for a review (default), or reviewed already */
  state: z.enum(['waiting', 'reviewed']).default('waiting'),
  /** one check, whatever its state or score (the link of the face-check records export) */
  check: idText().optional(),
});
export const faceReviewItem = z.object({
  checkId: z.string(),
  personId: z.string(),
  name: z.string(),
  /** masked, and the department: which of two learners of one name */
  idCard: z.string().nullable(),
  departmentName: z.string().nullable(),
  className: z.string(),
  kind: z.enum(['start', 'random', 'end', 'exam']),
  status: z.enum(['pending', 'failed', 'passed']),
  bestScore: z.number().nullable(),
  dueAt: z.string(),
  passedAt: z.string().nullable(),
  unitTitle: z.string().nullable(),
  /** why a passed check is doubtful beyond its score */
  flags: z.array(faceFlag),
  /** the learner's reference photo (signed, short-lived) */
  referenceUrl: z.string().nullable(),
  attempts: z.array(
    z.object({
      attemptId: z.string(),
      result: z.enum(['passed', 'failed', 'rejected']),
      score: z.number().nullable(),
      at: z.string(),
      ip: z.string().nullable(),
      device: z.string().nullable(),
      via: z.string(),
      /** why it was refused (REPLAY, STILL_SCENE, …) or null */
      reason: z.string().nullable(),
      flags: z.array(faceFlag),
      /** the device as a person reads it ("WeChat 8.0 · iOS 17.0 · Apple iPhone"), null when unknown */
      deviceName: z.string().nullable(),
      /** anti-spoofing and liveness scores, 0–1, where measured */
      realScore: z.number().nullable(),
      liveScore: z.number().nullable(),
      /** the photo taken (signed, short-lived), null once its retention ended */
      photoUrl: z.string().nullable(),
    }),
  ),
  /** a failure or a doubtful pass, not yet reviewed: it can be confirmed */
  confirmable: z.boolean(),
  review: z
    .object({
      decision: z.enum(['confirmed', 'voided']),
      reason: z.string(),
      voidedSeconds: z.number(),
      /** exam sittings the void took (core/exam-void), counted from the attempts it marked */
      examsVoided: z.number().int(),
      reviewedAt: z.string(),
      /** who reviewed it (a manager of the organisation) */
      reviewerName: z.string().nullable(),
    })
    .nullable(),
});
export type FaceReviewItem = z.infer<typeof faceReviewItem>;
export const faceReviewPage = z.object({ records: z.array(faceReviewItem), total: z.number() });
/** A confirmation may say why; a void must (the learner is told it). */
export const faceReviewBody = z
  .strictObject({
    decision: z.enum(['confirm', 'void']),
    reason: line(200).pipe(z.string().trim()).default(''),
  })
  .refine((b) => b.decision === 'confirm' || b.reason.length > 0, {
    path: ['reason'],
    message: '请填写作废原因',
  });

/** 核验记录 export: a class, and whether ID numbers are whole (as the exam results export). */
export const faceCheckExportQuery = examResultsExportQuery;
