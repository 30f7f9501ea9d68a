import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../infra/database.js';
import type { ExamAttemptsTable } from '../../infra/db-schema.js';

/** The bank a learner practises and is examined from: the book's questions not retired. */
export async function findQuestionsOfBook(db: Db, bookId: string) {
  return db
    .selectFrom('questions')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('retired_at', 'is', null)
    .orderBy('sort_order')
    .execute();
}

export type QuestionRow = Awaited<ReturnType<typeof findQuestionsOfBook>>[number];

export async function findQuestion(db: Db, id: string) {
  return db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findQuestionsByIds(db: Db, ids: string[]) {
  return ids.length === 0 ? [] : db.selectFrom('questions').selectAll().where('id', 'in', ids).execute();
}

/**
 * Whether the person has an exam running (before its deadline and grace) on this book — of
 * another class's course than `otherThan`, when given (a course's own open paper is resumed).
 */
export async function hasOpenExam(
  db: Db,
  personId: string,
  bookId: string,
  now: number,
  graceMs: number,
  otherThan?: string,
) {
  let q = db
    .selectFrom('exam_attempts')
    .select('id')
    .where('person_id', '=', personId)
    .where('book_id', '=', bookId)
    .where('status', '=', 'open')
    .where('deadline_at', '>', now - graceMs);
  if (otherThan) q = q.where('class_course_id', '!=', otherThan);
  return Boolean(await q.executeTakeFirst());
}

export async function findProgress(db: Db, personId: string, bookId: string) {
  return db
    .selectFrom('practice_progress')
    .selectAll()
    .where('person_id', '=', personId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
}

export async function saveProgress(
  db: Db,
  row: {
    person_id: string;
    book_id: string;
    next_index: number;
    answered: number;
    correct: number;
    updated_at: number;
  },
): Promise<void> {
  await db
    .insertInto('practice_progress')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['person_id', 'book_id']).doUpdateSet({
        next_index: row.next_index,
        answered: row.answered,
        correct: row.correct,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function findWrongAnswers(db: Db, personId: string, bookId: string) {
  return db
    .selectFrom('wrong_answers')
    .selectAll()
    .where('person_id', '=', personId)
    .where('book_id', '=', bookId)
    .orderBy('last_wrong_at')
    .execute();
}

/** Wrong answers put their questions in the book, their streaks back to nothing (a paper's, in one statement). */
export async function recordWrong(db: Db, personId: string, bookId: string, questionIds: string[], now: number) {
  if (questionIds.length === 0) return;
  await db
    .insertInto('wrong_answers')
    .values(
      // once each (PostgreSQL refuses one statement touching a row twice)
      [...new Set(questionIds)].map((questionId) => ({
        person_id: personId,
        book_id: bookId,
        question_id: questionId,
        streak: 0,
        wrong_count: 1,
        last_wrong_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['person_id', 'question_id']).doUpdateSet((eb) => ({
        streak: 0,
        wrong_count: eb('wrong_answers.wrong_count', '+', 1),
        last_wrong_at: now,
      })),
    )
    .execute();
}

export async function setWrongStreak(db: Db, personId: string, questionId: string, streak: number): Promise<void> {
  await db
    .updateTable('wrong_answers')
    .set({ streak })
    .where('person_id', '=', personId)
    .where('question_id', '=', questionId)
    .execute();
}

export async function removeWrong(db: Db, personId: string, questionId: string): Promise<void> {
  await db
    .deleteFrom('wrong_answers')
    .where('person_id', '=', personId)
    .where('question_id', '=', questionId)
    .execute();
}

/** A learner's course records with their class, course and book: what an exam needs of one. */
const memberCourses = (db: Db) =>
  db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
    .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
    .innerJoin('course_books as b', 'b.id', 'pc.book_id')
    .select([
      'pc.id',
      'pc.train_person_id',
      'pc.class_course_id',
      'pc.book_id',
      'pc.studied_seconds',
      'pc.learn_status',
      'pc.sys_score',
      'pc.exam_passed_at',
      'pc.start_time',
      'pc.end_time',
      'pc.extra_attempts',
      'tp.person_id',
      'cc.class_hours',
      'c.rules',
      'c.closed_at as class_closed_at',
      'c.start_date as class_start_date',
      'c.end_date as class_end_date',
      'b.name as course_name',
    ]);

/** The learner's record of one course of a class, with what an exam needs of it. */
export async function findMemberCourse(db: Db, personId: string, classCourseId: string) {
  return memberCourses(db)
    .where('tp.person_id', '=', personId)
    .where('pc.class_course_id', '=', classCourseId)
    .executeTakeFirst();
}

/** A course of a member of the organisation's classes (a manager's view: by membership, not by person). */
export async function findMemberCourseOfOrg(db: Db, orgId: string, trainPersonId: string, classCourseId: string) {
  return memberCourses(db)
    .innerJoin('persons as p', 'p.id', 'tp.person_id')
    .where('p.org_id', '=', orgId)
    .where('pc.train_person_id', '=', trainPersonId)
    .where('pc.class_course_id', '=', classCourseId)
    .executeTakeFirst();
}

export type MemberCourse = NonNullable<Awaited<ReturnType<typeof findMemberCourse>>>;

export async function findUnitStatuses(db: Db, trainPersonId: string, classCourseId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('train_warp_courses')
    .select('learn_status')
    .where('train_person_id', '=', trainPersonId)
    .where('class_course_id', '=', classCourseId)
    .execute();
  return rows.map((r) => r.learn_status);
}

export async function insertAttempt(db: Db, row: Insertable<ExamAttemptsTable>): Promise<void> {
  await db.insertInto('exam_attempts').values(row).execute();
}

export async function findAttempt(db: Db, id: string) {
  return db.selectFrom('exam_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/** An attempt that counts — as a try and, passed, as the pass: not voided with its face check (core/exam-void). */
export const stands = (a: Pick<AttemptRow, 'voided_at'>) => a.voided_at === null;

export async function findAttempts(db: Db, trainPersonId: string, classCourseId: string) {
  return db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('train_person_id', '=', trainPersonId)
    .where('class_course_id', '=', classCourseId)
    .orderBy('started_at')
    .execute();
}

/**
 * Open attempts whose time ended before `before`, the longest overdue first, after `skip`
 * (attempts that could not be closed); of one class's courses when `classId` is given.
 */
export async function findOverdueAttempts(
  db: Db,
  before: number,
  limit: number,
  options: { classId?: string | undefined; trainPersonIds?: readonly string[]; skip?: readonly string[] } = {},
) {
  return db
    .selectFrom('exam_attempts as a')
    .selectAll('a')
    .where('a.status', '=', 'open')
    .where('a.deadline_at', '<', before)
    .$if(options.trainPersonIds !== undefined, (q) => q.where('a.train_person_id', 'in', [...options.trainPersonIds!]))
    .$if(options.classId !== undefined, (q) =>
      q.where('a.class_course_id', 'in', (eb) =>
        eb.selectFrom('train_class_courses').select('id').where('class_id', '=', options.classId!),
      ),
    )
    .$if((options.skip?.length ?? 0) > 0, (q) => q.where('a.id', 'not in', [...options.skip!]))
    .orderBy('a.deadline_at')
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/** Updates an attempt still open; false when it was finished meanwhile (a double submit). */
export async function updateOpenAttempt(db: Db, id: string, values: Updateable<ExamAttemptsTable>): Promise<boolean> {
  const result = await db
    .updateTable('exam_attempts')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
