import { deviceName } from '../../core/device-name.js';
import { durationText } from '../../core/duration-text.js';
import { ErrorCode } from '@anxun/shared/errors';
import {
  faceFlag,
  type FaceFlag,
  type FaceReviewItem,
  type faceReviewBody,
  type faceReviewQuery,
} from '@anxun/shared/schemas/identity';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { departmentNameOf, departmentPathsOfOrg } from '../../core/department.repository.js';
import { maskedIdCard } from '../../core/id-cards.js';
import { voidCreditSince } from '../../core/credit-void.js';
import { countExamsVoidedBy, voidExamsSince, type VoidedExams } from '../../core/exam-void.js';
import { withdrawIfIncomplete } from '../../core/certificate-withdrawal.js';
import { lockPersonRows } from '../../core/person.repository.js';
import { notifyPerson } from '../../core/person-notice.js';
import { isValidAttemptPhotoSignature, signedAttemptPhotoUrl, signedFacePhotoUrl } from '../../core/file-url.js';
import { recordTime, recordTimeOrNull } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import {
  findAttemptPhoto,
  findAttemptsOfChecks,
  findCheckOfOrg,
  findPeopleWithReference,
  findReviewQueue,
  findTrustedBefore,
  insertReview,
} from './face-review.repository.js';

/**
 * 核验审核 (issue: Console III): checks that failed or passed close to the line, with the
 * reference photo beside each attempt's photo, score, time, address and device. A manager
 * confirms a check, or voids it with a reason: the credit earned since the learner's identity
 * was last trusted is taken back (core/credit-void), and both are audited. Nothing is deleted.
 */

const CHECK_KIND = { start: '开始学习时的', random: '学习中的', end: '课件结束时的', exam: '考试前的' } as const;

/** a passed check this close above the match threshold is shown for review */
const LOW_MARGIN = 0.1;
/** A pass scored below this waits in 核验审核 like a failure. */
export const reviewBelow = (ctx: AppContext) => ctx.config.face.matchThreshold + LOW_MARGIN;
/** What 核验审核 is for: a failed check, or one passed with a doubtful score or a flag (and the retention keeps its photos till then). */
const isDoubtful = (ctx: AppContext, check: { status: string; best_score: number | null; flags: string | null }) =>
  check.status === 'failed' ||
  (check.status === 'passed' && ((check.best_score ?? 0) < reviewBelow(ctx) || check.flags !== null));
/**
 * A check as 核验审核 tells it: one whose window closed on photos sent and none passed (refused
 * as copies leave it pending) is 未通过, as reports and archives say (core/face-check-state).
 */
const asReviewed = <
  T extends { status: 'pending' | 'failed' | 'passed'; state: string; decision: string | null; reopened: unknown },
>(
  check: T,
) => ({
  ...check,
  status: check.state === 'failed' ? ('failed' as const) : check.status,
  // a failure confirmed, then passed late: its pass waits for a review of its own
  decision: check.reopened === true || check.reopened === 1 ? null : check.decision,
});

/** The flags stored comma-separated, as the contract names them. */
const flagsOf = (text: string | null): FaceFlag[] =>
  (text ?? '').split(',').filter((f): f is FaceFlag => faceFlag.safeParse(f).success);

export async function listReviewQueue(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof faceReviewQuery>,
): Promise<{ records: FaceReviewItem[]; total: number }> {
  const found = await findReviewQueue(ctx.db, user.orgId, {
    reviewed: query.state === 'reviewed',
    lowScore: reviewBelow(ctx),
    now: ctx.now(),
    checkId: query.check,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  const { total } = found;
  const rows = found.rows.map(asReviewed);
  const [attempts, withReference, paths, examsVoided] = await Promise.all([
    findAttemptsOfChecks(
      ctx.db,
      rows.map((r) => r.id),
    ),
    findPeopleWithReference(ctx.db, [...new Set(rows.map((r) => r.person_id))]),
    departmentPathsOfOrg(ctx.db, user.orgId),
    countExamsVoidedBy(
      ctx.db,
      rows.filter((r) => r.decision === 'voided').map((r) => r.id),
    ),
  ]);
  const now = ctx.now();
  return {
    total,
    records: rows.map((r) => ({
      checkId: r.id,
      personId: r.person_id,
      name: r.name,
      idCard: maskedIdCard(ctx.keys.idCards, r.person_id, r.id_card_enc),
      departmentName: departmentNameOf(paths, r.department_id, null),
      className: r.class_name,
      kind: r.kind,
      status: r.status,
      bestScore: r.best_score,
      dueAt: recordTime(r.due_at),
      passedAt: recordTimeOrNull(r.passed_at),
      unitTitle: r.unit_title,
      flags: flagsOf(r.flags),
      confirmable: !r.decision && isDoubtful(ctx, r),
      referenceUrl: withReference.has(r.person_id) ? signedFacePhotoUrl(ctx.keys.secret, r.person_id, now) : null,
      attempts: attempts
        .filter((a) => a.check_id === r.id)
        .map((a) => ({
          attemptId: a.id,
          result: a.result,
          score: a.score,
          at: recordTime(a.created_at),
          ip: a.ip,
          device: a.user_agent,
          deviceName: deviceName(a.user_agent),
          via: a.via,
          reason: a.reason,
          flags: flagsOf(a.flags),
          realScore: a.real_score,
          liveScore: a.live_score,
          photoUrl: a.photo_key ? signedAttemptPhotoUrl(ctx.keys.secret, a.id, now) : null,
        })),
      review: r.decision
        ? {
            decision: r.decision,
            reason: r.reason ?? '',
            voidedSeconds: Number(r.voided_seconds ?? 0),
            examsVoided: examsVoided.get(r.id) ?? 0,
            reviewedAt: recordTime(Number(r.reviewed_at)),
            reviewerName: r.reviewer_name ?? null,
          }
        : null,
    })),
  };
}

export async function reviewCheck(
  ctx: AppContext,
  user: AuthUser,
  checkId: string,
  body: z.output<typeof faceReviewBody>,
  ip: string,
  settleExams?: (trainPersonIds: readonly string[]) => Promise<unknown>,
) {
  const found = await findCheckOfOrg(ctx.db, user.orgId, checkId, ctx.now());
  const check = found && asReviewed(found);
  if (!check) throw new AppError(ErrorCode.NOT_FOUND, '核验记录不存在');
  if (check.decision) throw new AppError(ErrorCode.DUPLICATE, '该核验已审核');
  // a check still open, or a clear pass, has nothing to confirm (and a confirmation would take a
  // later failure of it out of the queue)
  if (body.decision === 'confirm' && !isDoubtful(ctx, check)) {
    throw new AppError(
      ErrorCode.DUPLICATE,
      check.status === 'pending' ? '核验尚未结束，不能审核' : '该核验已通过且相似度正常，无需确认',
    );
  }
  if (body.decision === 'void' && (check.status !== 'passed' || check.passed_at === null)) {
    throw new AppError(ErrorCode.DUPLICATE, '只有通过的核验才能作废（未通过的核验没有放行任何学时）');
  }
  // a paper whose time ran out is scored first, at its deadline, as it would have been: one
  // that ended before the doubt began stands (a void closes only papers still running)
  if (body.decision === 'void') await settleExams?.([check.train_person_id]);
  const now = ctx.now();
  let voidedSeconds = 0;
  let voidedSince: number | undefined;
  let reviewedAt = now;
  let withdrawn: string | null = null;
  let exams: VoidedExams = { count: 0, retake: [] };
  await ctx.db.transaction().execute(async (trx) => {
    // the learner's row, as the credit batch takes it: no report is credited while his records
    // are recomputed, and two voids of his run one after the other
    await lockPersonRows(trx, ctx.dialect, [check.person_id]);
    // the void's moment, read under the lock: a credit batch that held it committed before, so
    // everything the void takes back is within its window (core/void-windows)
    reviewedAt = ctx.now();
    if (body.decision === 'void') {
      const since = (await findTrustedBefore(trx, check.train_person_id, check.passed_at!)) ?? 0;
      voidedSince = since;
      // the exams sat in that stretch first: the course records the credit void recomputes then
      // see which exam passes stand
      exams = await voidExamsSince(trx, {
        trainPersonId: check.train_person_id,
        since,
        at: reviewedAt,
        reference: check.id,
      });
      voidedSeconds = await voidCreditSince(trx, {
        trainPersonId: check.train_person_id,
        personId: check.person_id,
        since,
        reference: check.id,
        toleranceSeconds: ctx.config.study.completionToleranceSeconds,
        secondsPerClassHour: ctx.config.study.secondsPerClassHour,
        timeZone: ctx.config.study.timeZone,
      });
      // a certificate earned with that credit or that exam no longer stands once a course is
      // incomplete again
      if (voidedSeconds > 0 || exams.count > 0) withdrawn = await withdrawIfIncomplete(trx, check.train_person_id, now);
    }
    if (body.decision === 'void') {
      // he saw that credit on his pages: he is told where it went, and why — the check named by
      // when he passed it, as 核验审核 lists it (not when it fell due)
      // said as 核验审核 says it, to the second (30 s was 约 1 分钟)
      const time = durationText(voidedSeconds);
      await notifyPerson(trx, {
        personId: check.person_id,
        title: '人脸核验已作废',
        content:
          `您在${recordTime(check.passed_at!).slice(0, 16).replace('T', ' ')}通过的${CHECK_KIND[check.kind]}人脸核验（${check.class_name}）` +
          `经培训管理员审核已作废，原因：${body.reason}。` +
          (voidedSeconds > 0 ? `自此前最近一次通过的核验以来计入的学时（${time}）已撤销，相应课件需要重新学习；` : '') +
          (exams.count > 0
            ? `此期间参加的考试（${exams.count} 次）随之作废，不计成绩、不占考试次数` +
              (exams.retake.length > 0 ? `，${exams.retake.map((n) => `《${n}》`).join('')}需要重新参加考试；` : '；')
            : '') +
          (withdrawn ? `本班证书（编号 ${withdrawn}）随之撤销，重新完成学习后将换发新证书；` : '') +
          '如有疑问请联系培训管理员。',
        now,
      });
    }
    const inserted = await insertReview(trx, {
      checkId: check.id,
      decision: body.decision === 'void' ? 'voided' : 'confirmed',
      reason: body.reason,
      voidedSeconds,
      ...(voidedSince !== undefined ? { voidedSince } : {}),
      by: user.personId,
      at: reviewedAt,
    });
    if (!inserted) throw new AppError(ErrorCode.DUPLICATE, '该核验已审核');
    await recordAudit(trx, {
      actor: user,
      ip,
      action: body.decision === 'void' ? 'face-check.void' : 'face-check.confirm',
      targetType: 'face-check',
      targetId: check.id,
      summary: {
        after: {
          reason: body.reason,
          voidedSeconds,
          ...(exams.count > 0 ? { examsVoided: exams.count } : {}),
          ...(withdrawn ? { certificateWithdrawn: withdrawn } : {}),
        },
      },
      now,
    });
  });
  return {
    decision: body.decision === 'void' ? ('voided' as const) : ('confirmed' as const),
    voidedSeconds,
    examsVoided: exams.count,
    certificateWithdrawn: withdrawn,
  };
}

/** An attempt's photo through its signed URL (an <img> cannot send the token). */
export async function openAttemptPhoto(ctx: AppContext, attemptId: string, exp: number, sig: string) {
  if (!isValidAttemptPhotoSignature(ctx.keys.secret, attemptId, exp, sig, ctx.now())) {
    throw new AppError(ErrorCode.FORBIDDEN, '照片链接无效或已过期');
  }
  const row = await findAttemptPhoto(ctx.db, attemptId);
  const stream = row?.photo_key ? await ctx.files.read(row.photo_key) : undefined;
  if (!row?.photo_key || !stream) throw new AppError(ErrorCode.NOT_FOUND, '照片不存在或已过保存期');
  const ext = row.photo_key.split('.').pop();
  return { stream, contentType: ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg' };
}
