import crypto from 'node:crypto';
import type { Db, Dialect } from '../infra/database.js';
import { executeWithRows } from '../infra/rows-table.js';

/**
 * The training model's records — memberships (train_persons), course records
 * (train_person_courses) and courseware records (train_warp_courses) — are written here and
 * only here, whoever writes them: enrolment (the console's classes, the demo seed), credited
 * study (the training feature's batches), an exam's outcome (exams), a learner's notes.
 */

/**
 * Whether a person studies a course book in any of their classes: the learners of a course
 * are who may review it, discuss it and practise its questions.
 */
export async function studiesBook(db: Db, personId: string, bookId: string): Promise<boolean> {
  const row = await db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
    .select('pc.id')
    .where('tp.person_id', '=', personId)
    .where('pc.book_id', '=', bookId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Enrols a person in a class: the member row, a course record per class course and a
 * courseware record per unit, all at once, so every later query can join on them.
 * Idempotent: an existing enrolment is returned as it is.
 */
export async function enrolPerson(db: Db, classId: string, personId: string, now: number): Promise<string> {
  // inside a caller's transaction (a whole department at once) or in one of its own
  return db.isTransaction ? enrolIn(db) : db.transaction().execute(enrolIn);

  async function enrolIn(trx: Db): Promise<string> {
    const existing = await trx
      .selectFrom('train_persons')
      .select('id')
      .where('class_id', '=', classId)
      .where('person_id', '=', personId)
      .executeTakeFirst();
    if (existing) return existing.id;
    const trainPersonId = crypto.randomUUID();
    await trx
      .insertInto('train_persons')
      .values({ id: trainPersonId, class_id: classId, person_id: personId, joined_at: now })
      .execute();
    const courses = await trx
      .selectFrom('train_class_courses')
      .select(['id', 'book_id'])
      .where('class_id', '=', classId)
      .execute();
    await addCourseRecords(trx, trainPersonId, courses);
    return trainPersonId;
  }
}

/**
 * A member's records of some class courses: a course record each and a courseware record per
 * unit (on enrolment, and when a course is added to a class that has members).
 */
export async function addCourseRecords(
  db: Db,
  trainPersonId: string,
  courses: Array<{ id: string; book_id: string }>,
): Promise<void> {
  for (const course of courses) {
    await db
      .insertInto('train_person_courses')
      .values({
        id: crypto.randomUUID(),
        train_person_id: trainPersonId,
        class_course_id: course.id,
        book_id: course.book_id,
        sys_score: null,
        sys_comments: null,
        start_time: null,
        last_learn_date: null,
        end_time: null,
      })
      .execute();
    const warps = await db.selectFrom('course_warps').select('id').where('book_id', '=', course.book_id).execute();
    if (warps.length === 0) continue;
    await db
      .insertInto('train_warp_courses')
      .values(
        warps.map((w) => ({
          id: crypto.randomUUID(),
          train_person_id: trainPersonId,
          class_course_id: course.id,
          book_id: course.book_id,
          warp_id: w.id,
          sys_comments: null,
          start_time: null,
          last_learn_date: null,
          end_time: null,
        })),
      )
      .execute();
  }
}

/** A membership with nothing on record leaves its class: its records go with it. */
export async function removeMembership(db: Db, trainPersonId: string): Promise<void> {
  await db.deleteFrom('train_warp_courses').where('train_person_id', '=', trainPersonId).execute();
  await db.deleteFrom('train_person_courses').where('train_person_id', '=', trainPersonId).execute();
  await db.deleteFrom('train_persons').where('id', '=', trainPersonId).execute();
}

/** The members' (untouched) records of class courses that are being removed. */
export async function removeCourseRecords(db: Db, classCourseIds: string[]): Promise<void> {
  if (classCourseIds.length === 0) return;
  await db.deleteFrom('train_warp_courses').where('class_course_id', 'in', classCourseIds).execute();
  await db.deleteFrom('train_person_courses').where('class_course_id', 'in', classCourseIds).execute();
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's parameter limits for these tables. */
const CHUNK = 400;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Course and courseware records for many members and courses at once: one read of the units,
 * then inserts of a few hundred rows each — a department of thousands in a handful of
 * statements per course, not a chain of statements per person.
 */
export async function addCourseRecordsForMembers(
  db: Db,
  trainPersonIds: string[],
  courses: Array<{ id: string; book_id: string }>,
): Promise<void> {
  if (trainPersonIds.length === 0 || courses.length === 0) return;
  const bookIds = [...new Set(courses.map((c) => c.book_id))];
  const warps = await db.selectFrom('course_warps').select(['id', 'book_id']).where('book_id', 'in', bookIds).execute();
  const blank = { sys_score: null, sys_comments: null, start_time: null, last_learn_date: null, end_time: null };
  const personCourses = trainPersonIds.flatMap((tp) =>
    courses.map((c) => ({
      id: crypto.randomUUID(),
      train_person_id: tp,
      class_course_id: c.id,
      book_id: c.book_id,
      ...blank,
    })),
  );
  await insertChunks(personCourses, (chunk) => db.insertInto('train_person_courses').values(chunk).execute());
  const { sys_score: _score, ...blankWarp } = blank;
  const warpCourses = trainPersonIds.flatMap((tp) =>
    courses.flatMap((c) =>
      warps
        .filter((w) => w.book_id === c.book_id)
        .map((w) => ({
          id: crypto.randomUUID(),
          train_person_id: tp,
          class_course_id: c.id,
          book_id: c.book_id,
          warp_id: w.id,
          ...blankWarp,
        })),
    ),
  );
  await insertChunks(warpCourses, (chunk) => db.insertInto('train_warp_courses').values(chunk).execute());
}

/**
 * Enrols many people in a class at once (a whole department), inside the caller's
 * transaction; those already members are left as they are. Returns who was enrolled.
 */
export async function enrolPersons(db: Db, classId: string, personIds: string[], now: number): Promise<string[]> {
  const wanted = [...new Set(personIds)];
  if (wanted.length === 0) return [];
  const existing = new Set<string>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .selectFrom('train_persons')
      .select('person_id')
      .where('class_id', '=', classId)
      .where('person_id', 'in', wanted.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) existing.add(r.person_id);
  }
  const members = wanted
    .filter((p) => !existing.has(p))
    .map((personId) => ({ id: crypto.randomUUID(), class_id: classId, person_id: personId, joined_at: now }));
  await insertChunks(members, (chunk) => db.insertInto('train_persons').values(chunk).execute());
  const courses = await db
    .selectFrom('train_class_courses')
    .select(['id', 'book_id'])
    .where('class_id', '=', classId)
    .execute();
  await addCourseRecordsForMembers(
    db,
    members.map((m) => m.id),
    courses,
  );
  return members.map((m) => m.person_id);
}

// Progress and outcomes on the records.

/**
 * What progress reports changed on courseware records, written as values (the learners are
 * locked): `UPDATE … FROM v`, the rows a table of their own (`withRows`), one statement for a
 * batch on PostgreSQL and a few fixed-size ones on SQLite.
 */
export async function saveWarpProgress(
  db: Db,
  dialect: Dialect,
  rows: ReadonlyArray<{
    id: string;
    study_length: number;
    furthest_seconds: number;
    last_position: number;
    learn_status: number;
    start_time: number | null;
    last_learn_date: number | null;
    end_time: number | null;
  }>,
): Promise<void> {
  await executeWithRows(
    db,
    dialect,
    rows,
    [
      ['id', 'text'],
      ['study_length', 'float8'],
      ['furthest_seconds', 'float8'],
      ['last_position', 'float8'],
      ['learn_status', 'int4'],
      ['start_time', 'int8'],
      ['last_learn_date', 'int8'],
      ['end_time', 'int8'],
    ],
    `UPDATE train_warp_courses SET
      study_length = v.study_length,
      furthest_seconds = v.furthest_seconds,
      last_position = v.last_position,
      learn_status = v.learn_status,
      start_time = v.start_time,
      last_learn_date = v.last_learn_date,
      end_time = v.end_time
    FROM v
    WHERE train_warp_courses.id = v.id`,
  );
}

/** The course records a credit batch changed, written as the courseware records are. */
export async function saveCourseProgress(
  db: Db,
  dialect: Dialect,
  rows: ReadonlyArray<{
    id: string;
    studied_seconds: number;
    learn_status: number;
    start_time: number;
    last_learn_date: number;
    end_time: number | null;
  }>,
): Promise<void> {
  await executeWithRows(
    db,
    dialect,
    rows,
    [
      ['id', 'text'],
      ['studied_seconds', 'float8'],
      ['learn_status', 'int4'],
      ['start_time', 'int8'],
      ['last_learn_date', 'int8'],
      ['end_time', 'int8'],
    ],
    `UPDATE train_person_courses SET
      studied_seconds = v.studied_seconds,
      learn_status = v.learn_status,
      start_time = v.start_time,
      last_learn_date = v.last_learn_date,
      end_time = v.end_time
    FROM v
    WHERE train_person_courses.id = v.id`,
  );
}

export async function incrementStudyCount(
  db: Db,
  warpCourseId: string,
  now: number,
  /** 最近学习 too (the page's ask after a credited answer); not for a count made from a report that may have been refused */
  touch = true,
): Promise<void> {
  await db
    .updateTable('train_warp_courses')
    .set((eb) => ({ study_count: eb('study_count', '+', 1), ...(touch ? { last_learn_date: now } : {}) }))
    .where('id', '=', warpCourseId)
    .execute();
}

export async function updatePersonCourseComments(db: Db, personCourseId: string, comments: string): Promise<void> {
  await db
    .updateTable('train_person_courses')
    .set({ sys_comments: comments })
    .where('id', '=', personCourseId)
    .execute();
}

/** The exam's outcome on the course record: best score, the pass, and completion if that was all it lacked. */
export async function recordExamOutcome(
  db: Db,
  courseId: string,
  values: { sys_score: number; exam_passed_at?: number; learn_status?: number; start_time?: number; end_time?: number },
): Promise<void> {
  await db.updateTable('train_person_courses').set(values).where('id', '=', courseId).execute();
}

/** One more exam attempt for one learner's course (允许补考); false when another grant came first. */
export async function addExtraAttempt(db: Db, courseId: string, from: number): Promise<boolean> {
  const res = await db
    .updateTable('train_person_courses')
    .set({ extra_attempts: from + 1 })
    .where('id', '=', courseId)
    .where('extra_attempts', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * A unit added to a course book: every member of a class that has the book gets a blank
 * record of it (their course records are untouched: a completed course stays completed).
 */
export async function addUnitRecordsForMembers(db: Db, bookId: string, warpId: string): Promise<void> {
  const courses = await db
    .selectFrom('train_person_courses')
    .select(['train_person_id', 'class_course_id'])
    .where('book_id', '=', bookId)
    .execute();
  const rows = courses.map((c) => ({
    id: crypto.randomUUID(),
    train_person_id: c.train_person_id,
    class_course_id: c.class_course_id,
    book_id: bookId,
    warp_id: warpId,
    sys_comments: null,
    start_time: null,
    last_learn_date: null,
    end_time: null,
  }));
  await insertChunks(rows, (chunk) => db.insertInto('train_warp_courses').values(chunk).execute());
}

/**
 * The blank records of a unit that is being removed. The caller has checked nobody studied
 * it; a record that anything else points at (a study event, a face check) makes the delete
 * fail with a foreign-key error, so a record that matters is never lost.
 */
export async function removeUnitRecords(db: Db, warpId: string): Promise<void> {
  await db.deleteFrom('train_warp_courses').where('warp_id', '=', warpId).execute();
}
