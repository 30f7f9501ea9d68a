import { COPY_REFUSALS } from '../../core/face-check-state.js';
import { FaceRejectionMsg } from '@anxun/shared/messages';
import type { Selectable } from 'kysely';
import crypto from 'node:crypto';
import { WsCode } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import type { CompareResult } from '@anxun/shared/schemas/identity';
import QRCode from 'qrcode';
import type { AppContext } from '../../app-context.js';
import { isValidFacePhotoSignature, signedFacePhotoUrl } from '../../core/file-url.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { hashToken, randomToken } from '../../infra/crypto.js';
import { FaceEngineBusyError } from '../../infra/face/worker-face-engine.js';
import {
  FACE_REJECTION_MESSAGES,
  copiesReference,
  cosineSimilarity,
  decodeEmbedding,
  encodeEmbedding,
  mayBeAlike,
  judgeFace,
  likeness,
  type FaceRejection,
  type UsableFace,
} from '../../infra/face/face-judgement.js';
import type { FaceFlag } from '@anxun/shared/schemas/identity';
import { bytesOf } from '../../infra/stream-bytes.js';
import type { FaceReferencesTable } from '../../infra/db-schema.js';
import { toFaceCheck } from './check-view.js';
import { keptPhoto } from './kept-photo.js';
import { nextRandomCheckAfter, parseFaceCheckRules } from '../../core/face-check-rules.js';
import {
  claimCaptureToken,
  claimNonce,
  countOpenNonces,
  findDoubtfulReasons,
  findAttemptEmbeddings,
  findCaptureToken,
  findEarlierPhotoHashes,
  insertNonce,
  saveReferenceHashes,
  photoOfAnother,
  photoSeenBefore,
  findCheck,
  findMembershipRules,
  findPersonOfOrg,
  findReference,
  insertAttempt,
  insertCaptureToken,
  restartOpenCheckWindows,
  saveReference,
  deleteReference,
  updateOpenCheck,
} from './identity.repository.js';
import { clearCheckCredit } from './face-gate.repository.js';
import { lockPersonRows } from '../../core/person.repository.js';
import { lastRecordedAt, recordAudit } from '../../core/audit.js';
import { recordTime } from '../../core/record-time.js';
import { findOrgById } from '../../core/org.repository.js';
import { changeOrgSetting } from '../../core/org-settings.js';
import type { ReferenceSettings } from '@anxun/shared/schemas/identity';
import { reviewBelow } from './face-review.service.js';
import { queueCertificateIssue } from '../../core/certificate-issue-queue.js';

export interface PhotoUpload {
  data: Buffer;
  ip: string;
  userAgent: string | undefined;
  via: 'camera' | 'phone' | 'upload';
}

/** The model's verdict on one photo: a usable face's embedding, or the reason there is none. */
async function usableFace(ctx: AppContext, data: Buffer) {
  if (data.length === 0) throw new AppError(ErrorCode.BAD_REQUEST, '请选择照片');
  if (data.length > ctx.config.face.maxPhotoBytes) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '照片不能超过4MB');
  try {
    return judgeFace(await ctx.faces.analyse(data));
  } catch (err) {
    if (err instanceof FaceEngineBusyError)
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, '人脸核验繁忙，请稍后再试');
    throw err;
  }
}

type FaceReference = Selectable<FaceReferencesTable>;

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** A live photo's verdict, with what a check keeps of it: how long the still scene has run, and its flags. */
type LiveVerdict =
  | (UsableFace & { stillRun: number; flags: FaceFlag[] })
  /** `keep`: a picture judged a copy of another (not the very file): kept for 核验审核 to see */
  | { usable: false; reason: FaceRejection; keep?: boolean };

/**
 * The reference's hashes; a reference saved before photos were hashed is hashed now, once
 * (one it cannot hash — its file gone, no usable face — is marked so with empty hashes).
 */
async function referenceHashes(ctx: AppContext, reference: FaceReference) {
  if (reference.frame_hash !== null) {
    return { frameHash: reference.frame_hash || null, faceHash: reference.face_hash || null };
  }
  const stream = await ctx.files.read(reference.photo_key);
  const judged = stream ? await usableFace(ctx, await bytesOf(stream)) : undefined;
  const hashes = judged?.usable
    ? { frameHash: judged.frameHashes?.hash ?? null, faceHash: judged.faceHashes?.hash ?? null }
    : { frameHash: null, faceHash: null };
  await saveReferenceHashes(ctx.db, reference.person_id, hashes.frameHash ?? '', hashes.faceHash ?? '');
  return hashes;
}

/** Whether this clean pass is one of the share 核验审核 gets all the same (FACE_REVIEW_SAMPLE_PERCENT). */
const sampledForReview = (ctx: AppContext) => crypto.randomInt(10_000) < ctx.config.face.reviewSamplePercent * 100;

/** How many of the learner's latest passed check photos a new one is held against for a still scene. */
const STILL_WINDOW = 5;

/**
 * A live photo's verdict. The reference or an earlier photo again — the same file, or the
 * same picture re-encoded, cropped, relit, resized or mirrored — is no proof of presence
 * (REPLAY). The same still scene as two or more of the learner's last five passed check
 * photos is flagged (and refused, where the server is set to); low anti-spoofing or liveness
 * scores are flagged.
 */
async function judgeLivePhoto(ctx: AppContext, personId: string, reference: FaceReference, data: Buffer) {
  const hash = sha256(data);
  // his own earlier photo again, or the very file someone else sent (one person, two accounts)
  if (
    hash === reference.photo_sha256 ||
    (await photoSeenBefore(ctx.db, personId, hash)) ||
    (await photoOfAnother(ctx.db, personId, hash))
  ) {
    return { usable: false, reason: 'REPLAY' } satisfies LiveVerdict;
  }
  const judged = await usableFace(ctx, data);
  if (!judged.usable) return judged;
  const refHashes = await referenceHashes(ctx, reference);
  if (copiesReference(judged, { ...refHashes, embedding: decodeEmbedding(reference.embedding) })) {
    return { usable: false, reason: 'REPLAY', keep: true } satisfies LiveVerdict;
  }
  // the hashes first; embeddings only of the photos whose pictures or faces come near
  const earlier = await findEarlierPhotoHashes(ctx.db, personId);
  const near = earlier.filter((e) => mayBeAlike(judged, e.frame_hash, e.face_hash));
  const embeddings = await findAttemptEmbeddings(
    ctx.db,
    near.map((e) => e.id),
  );
  const alike = (e: (typeof earlier)[number]) => {
    const embedding = embeddings.get(e.id);
    return embedding
      ? likeness(judged, { frameHash: e.frame_hash, faceHash: e.face_hash, embedding: decodeEmbedding(embedding) })
      : null;
  };
  if (near.some((e) => alike(e) === 'copy')) {
    return { usable: false, reason: 'REPLAY', keep: true } satisfies LiveVerdict;
  }
  const recentPasses = earlier.filter((e) => e.purpose === 'check' && e.result === 'passed').slice(0, STILL_WINDOW);
  const stillRun = recentPasses.filter((e) => alike(e) === 'still').length;
  const refuseAfter = ctx.config.face.stillRefuseAfter;
  if (refuseAfter > 0 && stillRun + 1 >= refuseAfter) {
    return { usable: false, reason: 'STILL_SCENE', keep: true } satisfies LiveVerdict;
  }
  const flags: FaceFlag[] = [];
  if (stillRun >= 2) flags.push('STILL_SCENE');
  if (judged.real !== null && judged.real < ctx.config.face.minAntispoof) flags.push('LOW_ANTISPOOF');
  if (judged.live !== null && judged.live < ctx.config.face.minLiveness) flags.push('LOW_LIVENESS');
  return { ...judged, stillRun, flags } satisfies LiveVerdict;
}

async function throttle(ctx: AppContext, personId: string): Promise<void> {
  const wait = await ctx.limiters.facePerPerson.hit(personId);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, '核验过于频繁，请稍后再试', wait);
}

/** Where a photo's bytes go; the extension follows its content (the reference photo is served back). */
/** Stores a face photo as kept (no metadata, see keptPhoto) and returns its key. */
async function storePhoto(ctx: AppContext, personId: string, data: Buffer): Promise<string> {
  const kept = await keptPhoto(data);
  // the engine read it, so this is all but never so: refused rather than kept with its metadata
  if (!kept) throw new AppError(ErrorCode.FACE_REJECTED, FACE_REJECTION_MESSAGES.NOT_IMAGE);
  const key = `faces/${personId}/${crypto.randomUUID()}.${kept.ext}`;
  await ctx.files.put(key, kept.bytes);
  return key;
}

/**
 * A learner sets his own reference face: the photo must hold exactly one clear face. Who the
 * checks compare with is the point of them: a learner cannot swap in someone else. A
 * reference a manager set is the manager's to change; the learner's own may be replaced only
 * by a photo of the same person.
 */
export async function setOwnReference(ctx: AppContext, user: AuthUser, upload: PhotoUpload): Promise<void> {
  const personId = user.personId;
  if (!(await selfAllowed(ctx, user.orgId))) {
    throw new AppError(ErrorCode.FORBIDDEN, '本人照片由培训管理员统一采集，请联系培训管理员');
  }
  const previous = await findReference(ctx.db, personId);
  if (previous && previous.set_by !== personId) {
    throw new AppError(ErrorCode.FORBIDDEN, '本人照片由管理员设置，如需更换请联系培训管理员');
  }
  await throttle(ctx, personId);
  const judged = await judgeReference(ctx, personId, upload);
  // the same person as the photo it replaces and as the one the reference started from: a
  // chain of photos each a little more of someone else passes the first test at every step
  const origin = previous ? (previous.origin_embedding ?? previous.embedding) : undefined;
  for (const earlier of previous ? [previous.embedding, origin!] : []) {
    if (cosineSimilarity(judged.embedding, decodeEmbedding(earlier)) < ctx.config.face.matchThreshold) {
      throw new AppError(ErrorCode.FORBIDDEN, '新照片与原本人照片不是同一人，如需更换请联系培训管理员');
    }
  }
  await storeReference(ctx, personId, user.personId, upload, judged, previous?.photo_key, origin);
  // who a learner's checks compare with is what the manager trusts: his own change is on record
  await recordAudit(ctx.db, {
    actor: user,
    ip: upload.ip ?? undefined,
    action: 'face-reference.own',
    targetType: 'person',
    targetId: personId,
    summary: { after: { replaced: Boolean(previous) } },
    now: ctx.now(),
  });
}

/** Who takes the organisation's learners' 本人照片. */
export async function referenceSettings(ctx: AppContext, user: AuthUser): Promise<ReferenceSettings> {
  return { mode: (await selfAllowed(ctx, user.orgId)) ? 'learner' : 'manager' };
}

/** A training manager chooses who takes 本人照片; audited. References already set stay. */
export async function changeReferenceMode(
  ctx: AppContext,
  user: AuthUser,
  mode: ReferenceSettings['mode'],
  ip: string,
): Promise<ReferenceSettings> {
  const before = await referenceSettings(ctx, user);
  await changeOrgSetting(ctx, user, ip, {
    action: 'organisation.reference-mode',
    values: { reference_mode: mode },
    before: { mode: before.mode },
    after: { mode },
  });
  return { mode };
}

/** A training manager sets (or replaces) the reference face of his organisation's learner; audited. */
export async function setReferenceAsManager(
  ctx: AppContext,
  manager: AuthUser,
  personId: string,
  upload: PhotoUpload,
): Promise<void> {
  const person = await findPersonOfOrg(ctx.db, personId, manager.orgId);
  if (!person) throw new AppError(ErrorCode.NOT_FOUND, '学员不存在');
  const previous = await findReference(ctx.db, personId);
  const judged = await judgeReference(ctx, personId, upload);
  await storeReference(ctx, personId, manager.personId, upload, judged, previous?.photo_key);
  await recordAudit(ctx.db, {
    actor: manager,
    ip: upload.ip ?? undefined,
    action: 'learner.face-reference.set',
    targetType: 'person',
    targetId: personId,
    summary: { after: { name: person.name, replaced: Boolean(previous) } },
    now: ctx.now(),
  });
}

/**
 * A training manager clears a learner's reference face (a wrong photo, a changed face): the
 * photo is deleted and the learner takes a new one before his next check; audited.
 */
export async function clearReferenceAsManager(
  ctx: AppContext,
  manager: AuthUser,
  personId: string,
  ip: string,
): Promise<void> {
  const person = await findPersonOfOrg(ctx.db, personId, manager.orgId);
  if (!person) throw new AppError(ErrorCode.NOT_FOUND, '学员不存在');
  const previous = await findReference(ctx.db, personId);
  if (!previous) return;
  await ctx.db.transaction().execute(async (trx) => {
    await deleteReference(trx, personId);
    await recordAudit(trx, {
      actor: manager,
      ip,
      action: 'learner.face-reference.clear',
      targetType: 'person',
      targetId: personId,
      summary: { before: { name: person.name } },
      now: ctx.now(),
    });
  });
  await ctx.files.remove(previous.photo_key);
}

/** The reference photo judged usable (one clear face) or refused, the refusal kept as an attempt. */
async function judgeReference(ctx: AppContext, personId: string, upload: PhotoUpload) {
  // the very file another account holds as its face: one person for two accounts, or a
  // photo passed round
  if (await photoOfAnother(ctx.db, personId, sha256(upload.data))) {
    throw new AppError(ErrorCode.FACE_REJECTED, '这张照片已用于其他账号，请本人现场拍摄');
  }
  const judged = await usableFace(ctx, upload.data);
  if (!judged.usable) {
    await insertAttempt(ctx.db, {
      id: crypto.randomUUID(),
      person_id: personId,
      check_id: null,
      purpose: 'reference',
      result: 'rejected',
      score: null,
      reason: judged.reason,
      photo_key: null,
      photo_purged_at: null,
      via: upload.via,
      ip: upload.ip,
      user_agent: upload.userAgent?.slice(0, 300) ?? null,
      created_at: ctx.now(),
    });
    throw new AppError(ErrorCode.FACE_REJECTED, FACE_REJECTION_MESSAGES[judged.reason]);
  }
  return judged;
}

async function storeReference(
  ctx: AppContext,
  personId: string,
  setBy: string,
  upload: PhotoUpload,
  judged: UsableFace,
  previousKey: string | undefined,
  /** the face the reference started from; absent: this one (a first photo, or a manager's) */
  origin?: string,
): Promise<void> {
  const now = ctx.now();
  const key = await storePhoto(ctx, personId, upload.data);
  const embedding = encodeEmbedding(judged.embedding);
  await saveReference(ctx.db, {
    person_id: personId,
    photo_key: key,
    embedding,
    origin_embedding: origin ?? embedding,
    detector_score: judged.detectorScore,
    photo_sha256: sha256(upload.data),
    frame_hash: judged.frameHashes?.hash ?? null,
    face_hash: judged.faceHashes?.hash ?? null,
    set_by: setBy,
    created_at: now,
    updated_at: now,
  });
  if (previousKey) await ctx.files.remove(previousKey);
  else {
    // none before: since the manager last cleared one, if he ever had one
    const cleared = await lastRecordedAt(ctx.db, 'learner.face-reference.clear', personId);
    await restartOpenCheckWindows(ctx.db, personId, cleared ?? 0, now);
  }
}

/** Whether the organisation lets its learners take their own 本人照片 (not only its managers). */
async function selfAllowed(ctx: AppContext, orgId: string): Promise<boolean> {
  return (await findOrgById(ctx.db, orgId))?.reference_mode !== 'manager';
}

export async function referenceInfo(ctx: AppContext, personId: string, orgId: string) {
  const [ref, self] = await Promise.all([findReference(ctx.db, personId), selfAllowed(ctx, orgId)]);
  return {
    selfAllowed: self,
    hasReference: Boolean(ref),
    photoUrl: ref ? signedFacePhotoUrl(ctx.keys.secret, personId, ctx.now()) : null,
    updatedAt: ref ? recordTime(ref.updated_at) : null,
    setByAdmin: Boolean(ref && ref.set_by !== personId),
  };
}

export async function openReferencePhoto(ctx: AppContext, personId: string, exp: number, sig: string) {
  if (!isValidFacePhotoSignature(ctx.keys.secret, personId, exp, sig, ctx.now())) {
    throw new AppError(ErrorCode.FORBIDDEN, '照片链接无效或已过期');
  }
  const ref = await findReference(ctx.db, personId);
  const stream = ref ? await ctx.files.read(ref.photo_key) : undefined;
  if (!ref || !stream) throw new AppError(ErrorCode.NOT_FOUND, '照片不存在');
  const ext = ref.photo_key.split('.').pop();
  return { stream, contentType: ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg' };
}

/**
 * Compares a live photo with the person's reference. With a check, the attempt counts for
 * it: a pass opens the way for credit again (and sets when the next random check comes),
 * a mismatch leaves it failed. Every attempt is kept, with its photo, for audit.
 */
async function compareFace(
  ctx: AppContext,
  personId: string,
  checkId: string | undefined,
  upload: PhotoUpload,
  /** the photo's verdict, when the caller judged it already (and counted it against the limit) */
  judgedAlready?: LiveVerdict,
  /** the login session the photo came from: a pass counts for it (a start check is per session) */
  sessionId?: string,
  /** counted against the learner's limit already */
  throttled = false,
): Promise<CompareResult> {
  if (!judgedAlready && !throttled) await throttle(ctx, personId);
  const check = checkId ? await findCheck(ctx.db, checkId) : undefined;
  if (checkId && (!check || check.person_id !== personId)) throw new AppError(ErrorCode.NOT_FOUND, '核验任务不存在');
  const reference = await findReference(ctx.db, personId);
  if (!reference) throw new AppError(ErrorCode.NO_FACE_REFERENCE);

  const threshold = ctx.config.face.matchThreshold;
  const now = ctx.now();
  const hash = sha256(upload.data);
  const judged = judgedAlready ?? (await judgeLivePhoto(ctx, personId, reference, upload.data));
  const attempt = {
    id: crypto.randomUUID(),
    person_id: personId,
    check_id: check?.id ?? null,
    purpose: check ? ('check' as const) : ('test' as const),
    photo_purged_at: null,
    photo_sha256: hash,
    via: upload.via,
    ip: upload.ip,
    user_agent: upload.userAgent?.slice(0, 300) ?? null,
    created_at: now,
  };
  if (!judged.usable) {
    await insertAttempt(ctx.db, {
      ...attempt,
      result: 'rejected',
      score: null,
      reason: judged.reason,
      // a reframed copy is evidence: 核验审核 shows what was sent, and it can be judged again
      // (the very file again is the earlier photo, already kept)
      photo_key:
        'keep' in judged && judged.keep ? await storePhoto(ctx, personId, upload.data).catch(() => null) : null,
    });
    return {
      passed: false,
      score: null,
      threshold,
      reason: judged.reason,
      msg: FACE_REJECTION_MESSAGES[judged.reason],
      check: check ? toFaceCheck(check, now) : null,
    };
  }
  const score = Math.max(0, cosineSimilarity(judged.embedding, decodeEmbedding(reference.embedding)));
  const passed = score >= threshold;
  const key = await storePhoto(ctx, personId, upload.data);
  const flags = judged.flags.length > 0 ? judged.flags.join(',') : null;
  await insertAttempt(ctx.db, {
    ...attempt,
    result: passed ? 'passed' : 'failed',
    score,
    reason: passed ? null : 'MISMATCH',
    photo_key: key,
    frame_hash: judged.frameHashes?.hash ?? null,
    face_hash: judged.faceHashes?.hash ?? null,
    embedding: encodeEmbedding(judged.embedding),
    real_score: judged.real,
    live_score: judged.live,
    flags,
    still_run: judged.stillRun,
  });
  let after = check;
  if (check && check.status !== 'passed') {
    const rules = parseFaceCheckRules((await findMembershipRules(ctx.db, check.train_person_id)) ?? '{}');
    // a pass after photos refused as copies (or not live) is one for 核验审核 to look at
    const checkFlags = [...judged.flags];
    const before = passed ? await findDoubtfulReasons(ctx.db, check.id) : new Set<string>();
    if (COPY_REFUSALS.some((r) => before.has(r))) checkFlags.push('REFUSED_COPIES');
    // …and a pass after a face unlike his: someone else in front of the camera first, the
    // learner then — the stand-in's pattern (helper-73)
    if (before.has('MISMATCH')) checkFlags.push('OTHER_FACE');
    // a share of the passes with nothing doubtful, for a person to look at: a copy reframed
    // enough passes every rule here, and only a person comparing the photos sees it
    if (passed && checkFlags.length === 0 && score >= reviewBelow(ctx) && sampledForReview(ctx)) {
      checkFlags.push('SAMPLED');
    }
    let queued = false;
    // under the learner's lock, as the credit batch takes it: a pass, and the clearing of his
    // study towards the next random check, fall between two batches, never inside one
    await ctx.db.transaction().execute(async (trx) => {
      await lockPersonRows(trx, ctx.dialect, [personId]);
      const updated = await updateOpenCheck(trx, check.id, {
        status: passed ? 'passed' : 'failed',
        best_score: Math.max(score, check.best_score ?? 0),
        ...(passed
          ? {
              // read under the lock: a manager's void committed while the faces were compared
              // is before this pass, which it does not cover (face-gate's void windows)
              passed_at: ctx.now(),
              next_after_seconds: nextRandomCheckAfter(rules),
              flags: checkFlags.length > 0 ? checkFlags.join(',') : null,
            }
          : {}),
        // passed after a new login (the check was opened in the old one): this session is checked
        ...(passed && sessionId ? { session_id: sessionId } : {}),
        updated_at: now,
      });
      if (updated && passed) {
        await clearCheckCredit(trx, check.train_person_id);
        // the check a complete class waited on (the one at the end of its last unit): its
        // certificate is issued now
        queued = await queueCertificateIssue(trx, { trainPersonId: check.train_person_id, personId }, now);
      }
    });
    if (queued) ctx.jobs.kick();
    after = await findCheck(ctx.db, check.id);
  }
  const result: CompareResult = {
    passed,
    // the manager sees it (核验审核); told to the learner, it would let him tune a copy until it passes
    score: null,
    threshold,
    reason: passed ? null : 'MISMATCH',
    msg: passed ? '人脸核验通过' : FaceRejectionMsg.MISMATCH,
    check: after ? toFaceCheck(after, now) : null,
  };
  if (check) {
    // the learner's other screens (the desktop a phone took the photo for) learn at once
    await ctx.bus.publish({
      type: 'person.message',
      personId,
      message: { code: WsCode.FACE_CHECK_RESULT, data: { checkId: check.id, passed, score: null } },
    });
  }
  return result;
}

const MAX_OPEN_NONCES = 10;

/** A nonce for one camera photo, used once within a couple of minutes: a recorded request cannot be sent again. */
export async function issueNonce(ctx: AppContext, user: AuthUser) {
  const now = ctx.now();
  // a camera shoots one photo at a time: a few waiting nonces are plenty
  if ((await countOpenNonces(ctx.db, user.personId, now)) >= MAX_OPEN_NONCES) {
    throw new AppError(ErrorCode.RATE_LIMITED, '核验过于频繁，请稍后再试', ctx.config.face.nonceSeconds);
  }
  const nonce = randomToken();
  const expiresAt = now + ctx.config.face.nonceSeconds * 1000;
  await insertNonce(ctx.db, {
    nonce_hash: hashToken(nonce),
    person_id: user.personId,
    expires_at: expiresAt,
    used_at: null,
    created_at: now,
  });
  return { nonce, expiresAt: recordTime(expiresAt) };
}

/**
 * A photo from the learner's own camera: it must say so and carry a nonce the server gave
 * him, unused; else it is refused (and kept as a refused attempt) whatever it shows.
 */
export async function compareLiveCapture(
  ctx: AppContext,
  user: AuthUser,
  checkId: string | undefined,
  upload: PhotoUpload,
  nonce: string | undefined,
): Promise<CompareResult> {
  await throttle(ctx, user.personId);
  const live =
    upload.via === 'camera' && nonce && (await claimNonce(ctx.db, user.personId, hashToken(nonce), ctx.now()));
  const verdict: LiveVerdict | undefined = live ? undefined : { usable: false, reason: 'NOT_LIVE_CAPTURE' };
  return compareFace(ctx, user.personId, checkId, upload, verdict, user.sessionId, true);
}

/** A QR code for a phone to take the photo of one check, usable once, for a few minutes. */
export async function issueCaptureToken(ctx: AppContext, user: AuthUser, checkId: string, origin: string) {
  const check = await findCheck(ctx.db, checkId);
  if (!check || check.person_id !== user.personId) throw new AppError(ErrorCode.NOT_FOUND, '核验任务不存在');
  if (check.status === 'passed') throw new AppError(ErrorCode.DUPLICATE, '该核验已通过');
  const token = randomToken();
  const now = ctx.now();
  const expiresAt = now + ctx.config.face.captureTokenSeconds * 1000;
  await insertCaptureToken(ctx.db, {
    token_hash: hashToken(token),
    person_id: user.personId,
    check_id: check.id,
    expires_at: expiresAt,
    used_at: null,
    created_at: now,
    session_id: user.sessionId,
  });
  const url = `${origin}/#/camera?t=${token}`;
  return {
    url,
    expiresAt: recordTime(expiresAt),
    qrSvg: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
  };
}

/**
 * A phone's photo for the check its token names. A photo without a usable face leaves the
 * token for another try; a comparison uses it up, even if another request raced this one.
 */
export async function compareWithCaptureToken(ctx: AppContext, token: string, upload: PhotoUpload) {
  const hash = hashToken(token);
  const row = await findCaptureToken(ctx.db, hash);
  const now = ctx.now();
  if (!row || row.used_at !== null || row.expires_at <= now) throw new AppError(ErrorCode.CAPTURE_TOKEN_INVALID);
  // a token's holder may retry a bad photo, within the learner's budget
  await throttle(ctx, row.person_id);
  const reference = await findReference(ctx.db, row.person_id);
  if (!reference) throw new AppError(ErrorCode.NO_FACE_REFERENCE);
  const judged = await judgeLivePhoto(ctx, row.person_id, reference, upload.data);
  if (judged.usable && !(await claimCaptureToken(ctx.db, hash, now))) {
    throw new AppError(ErrorCode.CAPTURE_TOKEN_INVALID);
  }
  // a pass counts for the login that showed the code, as its own camera's would
  return compareFace(ctx, row.person_id, row.check_id, upload, judged, row.session_id ?? undefined);
}
