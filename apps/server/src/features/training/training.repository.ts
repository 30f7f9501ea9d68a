import { LearnStatus } from '@anxun/shared/constants';
import { sql, type Insertable } from 'kysely';
import type { Db, Dialect } from '../../infra/database.js';
import type { StudyEventsTable } from '../../infra/db-schema.js';
import { executeWithRows, inValues, type Columns } from '../../infra/rows-table.js';

/** The learner's courseware records, joined with the unit and its video. */
export function selectWarpCourses(db: Db) {
  return db
    .selectFrom('train_warp_courses as wc')
    .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
    .innerJoin('course_warps as w', 'w.id', 'wc.warp_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .leftJoin('vods as v', 'v.id', 'w.vod_id')
    .select([
      'wc.id',
      'wc.train_person_id',
      'wc.class_course_id',
      'wc.book_id',
      'wc.warp_id',
      'wc.learn_status',
      'wc.study_length',
      'wc.furthest_seconds',
      'wc.last_position',
      'wc.study_count',
      'wc.sys_comments',
      'wc.start_time',
      'wc.last_learn_date',
      'wc.end_time',
      'tp.person_id',
      'w.title',
      'w.vod_id',
      'w.kind',
      'v.page_count',
      'w.duration_seconds',
      'w.sort_order',
      'c.rules as class_rules',
      'c.closed_at as class_closed_at',
      'c.start_date as class_start_date',
      'c.end_date as class_end_date',
    ]);
}

export type WarpCourseRow = Awaited<ReturnType<ReturnType<typeof selectWarpCourses>['executeTakeFirstOrThrow']>>;

export async function findWarpCoursesOfPerson(
  db: Db,
  personId: string,
  filter: { classCourseId?: string; bookId?: string; trainPersonId?: string },
): Promise<WarpCourseRow[]> {
  let q = selectWarpCourses(db).where('tp.person_id', '=', personId);
  if (filter.classCourseId) q = q.where('wc.class_course_id', '=', filter.classCourseId);
  if (filter.bookId) q = q.where('wc.book_id', '=', filter.bookId);
  if (filter.trainPersonId) q = q.where('wc.train_person_id', '=', filter.trainPersonId);
  return q.orderBy('wc.class_course_id').orderBy('w.sort_order').execute();
}

export async function findWarpCoursesByIds(db: Db, dialect: Dialect, ids: string[]): Promise<WarpCourseRow[]> {
  return ids.length === 0
    ? []
    : selectWarpCourses(db)
        .where(inValues(dialect, 'wc.id', ids))
        .execute();
}

export interface PlaybackRow {
  person_id: string;
  playback_id: string;
  warp_course_id: string;
  last_seq: number;
  last_report_at: number;
  session_id: string | null;
  ended_at: number | null;
}

/** The learners' live playbacks, with whether the session each plays in has ended. */
export async function findPlaybacks(
  db: Db,
  dialect: Dialect,
  personIds: string[],
): Promise<Array<PlaybackRow & { session_revoked_at: number | null }>> {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('study_playbacks')
    .leftJoin('sessions', 'sessions.id', 'study_playbacks.session_id')
    .selectAll('study_playbacks')
    .select('sessions.revoked_at as session_revoked_at')
    .where(inValues(dialect, 'study_playbacks.person_id', personIds))
    .execute();
}

const playbackColumns: Columns<PlaybackRow> = [
  ['person_id', 'text'],
  ['playback_id', 'text'],
  ['warp_course_id', 'text'],
  ['last_seq', 'int4'],
  ['last_report_at', 'int8'],
  ['session_id', 'text'],
  ['ended_at', 'int8'],
];
const playbackNames = playbackColumns.map(([name]) => name).join(', ');

/**
 * The batch's playbacks, inserted or replaced; one row per learner (PostgreSQL refuses an
 * upsert that touches a row twice). Fixed statement texts like the batch's other writes (a
 * VALUES list of each batch's size was a statement to prepare per batch). `WHERE true` lets
 * SQLite read `ON CONFLICT` after `INSERT … SELECT`.
 */
export async function savePlaybacks(db: Db, dialect: Dialect, rows: PlaybackRow[]): Promise<void> {
  await executeWithRows(
    db,
    dialect,
    rows,
    playbackColumns,
    `INSERT INTO study_playbacks (${playbackNames}) SELECT ${playbackNames} FROM v WHERE true
     ON CONFLICT (person_id) DO UPDATE SET playback_id = excluded.playback_id,
       warp_course_id = excluded.warp_course_id, last_seq = excluded.last_seq,
       last_report_at = excluded.last_report_at, session_id = excluded.session_id,
       ended_at = excluded.ended_at`,
  );
}

export async function findCreditedOnDays(
  db: Db,
  dialect: Dialect,
  personIds: string[],
  day: string,
): Promise<Map<string, number>> {
  if (personIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('study_days')
    .select(['person_id', 'credited_seconds'])
    .where(inValues(dialect, 'person_id', personIds))
    .where('day', '=', day)
    .execute();
  return new Map(rows.map((r) => [r.person_id, r.credited_seconds]));
}

type StudyDayRow = { person_id: string; day: string; credited_seconds: number };
const studyDayColumns: Columns<StudyDayRow> = [
  ['person_id', 'text'],
  ['day', 'text'],
  ['credited_seconds', 'float8'],
];

/** Adds the batch's credit to each learner's day (one row per learner), in fixed statement texts. */
export async function addCreditedOnDays(db: Db, dialect: Dialect, rows: StudyDayRow[]): Promise<void> {
  await executeWithRows(
    db,
    dialect,
    rows,
    studyDayColumns,
    `INSERT INTO study_days (person_id, day, credited_seconds)
     SELECT person_id, day, credited_seconds FROM v WHERE true
     ON CONFLICT (person_id, day) DO UPDATE
     SET credited_seconds = study_days.credited_seconds + excluded.credited_seconds`,
  );
}

type StudyEventRow = Required<Insertable<StudyEventsTable>>;
const studyEventColumns: Columns<StudyEventRow> = [
  ['id', 'text'],
  ['person_id', 'text'],
  ['warp_course_id', 'text'],
  ['playback_id', 'text'],
  ['seq', 'int4'],
  ['reported_position', 'float8'],
  ['reported_rate', 'float8'],
  ['hidden', 'int4'],
  ['credited_seconds', 'float8'],
  ['refusal', 'text'],
  ['ip', 'text'],
  ['user_agent', 'text'],
  ['request_id', 'text'],
  ['session_id', 'text'],
  ['created_at', 'int8'],
];
const studyEventNames = studyEventColumns.map(([name]) => name).join(', ');

/** A credit batch's decisions: one statement on PostgreSQL, a few fixed-size ones on SQLite. */
export async function insertStudyEvents(db: Db, dialect: Dialect, rows: StudyEventRow[]): Promise<void> {
  await executeWithRows(
    db,
    dialect,
    rows,
    studyEventColumns,
    `INSERT INTO study_events (${studyEventNames}) SELECT ${studyEventNames} FROM v`,
  );
}

/** The course records of memberships with the 学时 their class requires and its rules. */
export async function findCourseProgress(db: Db, dialect: Dialect, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  return db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
    .select([
      'pc.id',
      'pc.train_person_id',
      'pc.class_course_id',
      'pc.studied_seconds',
      'pc.start_time',
      'pc.learn_status',
      'pc.end_time',
      'pc.exam_passed_at',
      'cc.class_hours',
      'c.rules',
    ])
    .where(inValues(dialect, 'pc.train_person_id', trainPersonIds))
    .execute();
}

/**
 * Each course's unit records of the memberships counted, and those complete, by the database:
 * a learner holds a record per unit of his class (tens), and only whether all are complete matters.
 */
export async function countCourseUnits(db: Db, dialect: Dialect, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  const units = await db
    .selectFrom('train_warp_courses')
    .select((eb) => [
      'train_person_id',
      'class_course_id',
      eb.fn.countAll<number>().as('units'),
      sql<number>`sum(case when learn_status = ${LearnStatus.COMPLETED} then 1 else 0 end)`.as('completed'),
    ])
    .where(inValues(dialect, 'train_person_id', trainPersonIds))
    .groupBy(['train_person_id', 'class_course_id'])
    .execute();
  return units.map((u) => ({ ...u, units: Number(u.units), completed: Number(u.completed) }));
}

/** A learner's credited seconds on each of the given days (missing days: none). */
export async function findDailyCredit(db: Db, personId: string, days: string[]): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const rows = await db
    .selectFrom('study_days')
    .select(['day', 'credited_seconds'])
    .where('person_id', '=', personId)
    .where('day', 'in', days)
    .execute();
  return new Map(rows.map((r) => [r.day, r.credited_seconds]));
}

/**
 * Whether a playback of this unit record earned at least `atLeast` seconds of credit: only
 * such a playback counts as a study start (not one a script steps a fraction of a second).
 */
export async function playbackEarned(
  db: Db,
  warpCourseId: string,
  playbackId: string,
  atLeast: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('study_events')
    .select((eb) => eb.fn.sum<number>('credited_seconds').as('seconds'))
    .where('warp_course_id', '=', warpCourseId)
    .where('playback_id', '=', playbackId)
    .where('credited_seconds', '>', 0)
    .executeTakeFirst();
  return Number(row?.seconds ?? 0) >= atLeast;
}

/** Claims the study start of a playback; false when this playback was already counted. */
export async function claimStudyStart(
  db: Db,
  row: { playback_id: string; person_id: string; warp_course_id: string; created_at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('study_starts')
    .values(row)
    .onConflict((oc) => oc.column('playback_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The title of the unit a courseware record is of. */
export async function findUnitTitle(db: Db, warpCourseId: string): Promise<string | null> {
  const row = await db
    .selectFrom('train_warp_courses as wc')
    .innerJoin('course_warps as w', 'w.id', 'wc.warp_id')
    .select('w.title')
    .where('wc.id', '=', warpCourseId)
    .executeTakeFirst();
  return row?.title ?? null;
}
