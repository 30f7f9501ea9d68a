import { LearnStatus } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { RefusalMsg } from '@anxun/shared/messages';
import {
  progressReport,
  type ProgressReportWire,
  type StudyTime,
  type UpdateWarpResult,
} from '@anxun/shared/schemas/training';
import { coursesHours } from '../../core/credit-figures.js';
import type { AppContext } from '../../app-context.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { decryptField } from '../../infra/crypto.js';
import { type CreditBatcher } from './study-credit.service.js';
import { studyDay } from '../../core/study-day.js';
import { findDailyCredit, findUnitTitle, findWarpCoursesOfPerson } from './training.repository.js';
import { countStudyStartOf } from './study-start.js';
import { toWarpCourseData } from './warp-course.mapper.js';

/**
 * The learner's courseware records and his study (spec §7 cls_Warp/*): the units with their
 * play URLs, a progress report handed to the credit batch and its answer, study starts, and
 * the totals with the last 14 days.
 */

/** The report inside `entity`: JSON text (the web client) or RSA-OAEP ciphertext of it (spec §7). */
export async function readEntity(ctx: AppContext, entity: string): Promise<ProgressReportWire> {
  const text = await decryptField(entity, ctx.keys.privateKey);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, 'entity 不是合法的JSON');
  }
  const parsed = progressReport.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(ErrorCode.BAD_REQUEST, `entity.${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`);
  }
  return parsed.data;
}

/** The learner's courseware records (of a course, a book or a membership), each video with a short-lived URL. */
export async function myUnits(
  ctx: AppContext,
  user: AuthUser,
  filter: {
    trainClassCourseId?: string | undefined;
    courseBookId?: string | undefined;
    trainPersonId?: string | undefined;
  },
) {
  const rows = await findWarpCoursesOfPerson(ctx.db, user.personId, {
    classCourseId: filter.trainClassCourseId,
    bookId: filter.courseBookId,
    trainPersonId: filter.trainPersonId,
  });
  return rows.map((row) => toWarpCourseData(ctx, row));
}

/**
 * A progress report: the batch checks, under the learner's lock, that the record is his and
 * the session live, and decides the credit; the answer says what was credited, why not, and
 * which face check is due (naming its unit, which may be one that ended before).
 */
export async function report(
  ctx: AppContext,
  batcher: CreditBatcher,
  user: AuthUser,
  wire: ProgressReportWire | { entity: string },
  client: { ip: string; userAgent: string | undefined; requestId?: string },
): Promise<UpdateWarpResult> {
  const progress = 'entity' in wire ? await readEntity(ctx, wire.entity) : wire;
  const { decision, row, faceCheck } = await batcher.submit({
    personId: user.personId,
    sessionId: user.sessionId,
    warpCourseId: progress.trainWarpCourseId,
    report: progress,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
  });
  return {
    ...toWarpCourseData(ctx, row),
    creditedSeconds: decision.creditedSeconds,
    refusal: decision.refusal ?? null,
    refusalMsg: decision.refusal ? RefusalMsg[decision.refusal] : null,
    faceCheck: faceCheck
      ? {
          checkId: faceCheck.checkId,
          kind: faceCheck.kind,
          dueAt: recordTime(faceCheck.dueAt),
          windowEndsAt: recordTime(faceCheck.windowEndsAt),
          trainWarpCourseId: faceCheck.warpCourseId,
          unitName: faceCheck.warpCourseId ? await findUnitTitle(ctx.db, faceCheck.warpCourseId) : null,
        }
      : null,
  };
}

/** Counts a study start of a unit, once per playback that earned enough credit (study-start.ts). */
export async function countStudyStart(
  ctx: AppContext,
  user: AuthUser,
  unit: { trainPersonId: string; courseBookId: string; warpId: string },
  playbackId: string,
) {
  const [row] = (
    await findWarpCoursesOfPerson(ctx.db, user.personId, {
      trainPersonId: unit.trainPersonId,
      bookId: unit.courseBookId,
    })
  ).filter((r) => r.warp_id === unit.warpId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '学习记录不存在');
  const counted = await countStudyStartOf(
    ctx.db,
    { warpCourseId: row.id, durationSeconds: row.duration_seconds, personId: user.personId },
    playbackId,
    ctx.now(),
  );
  return { counted, studyCount: row.study_count + (counted ? 1 : 0) };
}

/** Credited seconds by course (of a class: a book in two classes is two courses). */
function secondsByCourse(
  rows: ReadonlyArray<{ class_course_id: string; train_person_id: string; study_length: number }>,
) {
  const sums = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.train_person_id}/${r.class_course_id}`;
    sums.set(key, (sums.get(key) ?? 0) + r.study_length);
  }
  return sums;
}

/** The learner's totals (all, or one membership's) and his credited seconds on the last 14 days. */
export async function myStudyTime(ctx: AppContext, user: AuthUser, id: string): Promise<StudyTime> {
  const rows = await findWarpCoursesOfPerson(ctx.db, user.personId, id === user.personId ? {} : { trainPersonId: id });
  if (id !== user.personId && rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, '学习记录不存在');
  const seconds = rows.reduce((sum, r) => sum + r.study_length, 0);
  // the last 14 study days, oldest first
  const now = ctx.now();
  const days = Array.from({ length: 14 }, (_, i) => studyDay(now - (13 - i) * 86400_000, ctx.config.study.timeZone));
  const credit = await findDailyCredit(ctx.db, user.personId, days);
  return {
    studySeconds: Math.round(seconds),
    // his courses' figures as each is shown, added up (as the console's record of him)
    studyHours: coursesHours(secondsByCourse(rows).values(), ctx.config.study.secondsPerClassHour),
    todaySeconds: Math.round(credit.get(days[13]!) ?? 0),
    completedUnits: rows.filter((r) => r.learn_status === LearnStatus.COMPLETED).length,
    totalUnits: rows.length,
    daily: days.map((day) => ({ day, seconds: Math.round(credit.get(day) ?? 0) })),
  };
}
