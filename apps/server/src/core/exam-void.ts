import { LearnStatus } from '@anxun/shared/constants';
import { sql } from 'kysely';
import type { Db } from '../infra/database.js';
import { parseExamRules } from './exam-rules.js';

export interface VoidedExams {
  /** attempts voided */
  count: number;
  /** the courses whose exam must be sat again (it was passed, and no pass stands now) */
  retake: string[];
}

/**
 * Voids the exams a membership sat while its learner's identity was in doubt: every attempt
 * not finished by `since` (the last trusted face check before the voided one) and begun by `at`
 * (the void) — the exam a 考试前 check let through, and any other sat in that stretch, as the
 * study credit of the stretch is taken back (credit-void). The attempt keeps what was sat (its
 * answers, score and pass, for audit) and is marked voided: it counts neither as a pass nor as a
 * try; one still open is closed. Each course's exam outcome is recomputed from the attempts that
 * stand, and a course complete only by a voided pass is 学习中 again. The caller withdraws the
 * certificate (certificate-withdrawal). Call inside the void's transaction, under the learner's
 * lock. (The exams feature owns exam_attempts; this is the one write it leaves to a void.)
 */
export async function voidExamsSince(
  db: Db,
  input: { trainPersonId: string; since: number; at: number; reference: string },
): Promise<VoidedExams> {
  const hit = await db
    .selectFrom('exam_attempts')
    .select(['id', 'class_course_id', 'status'])
    .where('train_person_id', '=', input.trainPersonId)
    .where('voided_at', 'is', null)
    .where('started_at', '<=', input.at)
    .where((eb) => eb.or([eb('submitted_at', 'is', null), eb('submitted_at', '>', input.since)]))
    .execute();
  if (hit.length === 0) return { count: 0, retake: [] };
  const mark = { voided_at: input.at, voided_by_check: input.reference };
  const closed = hit.filter((a) => a.status !== 'open').map((a) => a.id);
  if (closed.length > 0) await db.updateTable('exam_attempts').set(mark).where('id', 'in', closed).execute();
  const open = hit.filter((a) => a.status === 'open').map((a) => a.id);
  if (open.length > 0) {
    // the paper in progress is closed where it stands: no score, no pass
    await db
      .updateTable('exam_attempts')
      // (at its deadline, for one past it that nobody closed yet)
      .set({
        ...mark,
        status: 'expired',
        submitted_at: sql<number>`case when deadline_at < ${input.at} then deadline_at else ${input.at} end`,
        passed: 0,
      })
      .where('id', 'in', open)
      .execute();
  }

  const retake: string[] = [];
  for (const classCourseId of new Set(hit.map((a) => a.class_course_id))) {
    const course = await db
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
      .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
      .innerJoin('course_books as b', 'b.id', 'cc.book_id')
      .select(['pc.id', 'pc.learn_status', 'pc.exam_passed_at', 'pc.end_time', 'c.rules', 'b.name'])
      .where('pc.train_person_id', '=', input.trainPersonId)
      .where('pc.class_course_id', '=', classCourseId)
      .executeTakeFirst();
    if (!course) continue;
    const standing = await db
      .selectFrom('exam_attempts')
      .select(['score', 'passed', 'submitted_at'])
      .where('train_person_id', '=', input.trainPersonId)
      .where('class_course_id', '=', classCourseId)
      .where('voided_at', 'is', null)
      .where('status', '!=', 'open')
      .execute();
    const scores = standing.flatMap((a) => (a.score === null ? [] : [Number(a.score)]));
    const passes = standing.filter((a) => a.passed === 1 && a.submitted_at !== null).map((a) => a.submitted_at!);
    const passedAt = passes.length > 0 ? Math.min(...passes) : null;
    const required = parseExamRules(course.rules).required;
    // its completion came with or after the pass now voided (not one completed before its class
    // came to require the exam, sat since: that completion stands)
    const restedOnPass =
      course.learn_status === LearnStatus.COMPLETED &&
      required &&
      course.exam_passed_at !== null &&
      (course.end_time ?? 0) >= course.exam_passed_at;
    const reopened = restedOnPass && passedAt === null;
    // complete by a later pass that stands: it completed then, not at the voided one
    const later = restedOnPass && passedAt !== null && (course.end_time ?? 0) < passedAt;
    await db
      .updateTable('train_person_courses')
      .set({
        sys_score: scores.length > 0 ? Math.max(...scores) : null,
        exam_passed_at: passedAt,
        ...(reopened ? { learn_status: LearnStatus.STUDYING, end_time: null } : {}),
        ...(later ? { end_time: passedAt } : {}),
      })
      .where('id', '=', course.id)
      .execute();
    if (course.exam_passed_at !== null && passedAt === null) retake.push(course.name);
  }
  return { count: hit.length, retake };
}

/** How many exam sittings each voided check took (a void marks them with its check's id): 核验审核 › 已审核. */
export async function countExamsVoidedBy(db: Db, checkIds: readonly string[]): Promise<Map<string, number>> {
  if (checkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('exam_attempts')
    .select((eb) => ['voided_by_check', eb.fn.countAll<number>().as('n')])
    .where('voided_by_check', 'in', checkIds)
    .groupBy('voided_by_check')
    .execute();
  return new Map(rows.map((r) => [r.voided_by_check!, Number(r.n)]));
}
