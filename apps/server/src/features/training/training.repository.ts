import type { Db } from '../../infra/database.js';

/** The learner's courseware records, joined with the unit and its video. */
export function selectWarpCourses(db: Db) {
  return db
    .selectFrom('train_warp_courses as wc')
    .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
    .innerJoin('course_warps as w', 'w.id', 'wc.warp_id')
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
      'w.duration_seconds',
      'w.sort_order',
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

export async function findWarpCourse(db: Db, id: string): Promise<WarpCourseRow | undefined> {
  return selectWarpCourses(db).where('wc.id', '=', id).executeTakeFirst();
}

export async function findPlayback(db: Db, personId: string) {
  return db.selectFrom('study_playbacks').selectAll().where('person_id', '=', personId).executeTakeFirst();
}

export async function savePlayback(
  db: Db,
  row: { person_id: string; playback_id: string; warp_course_id: string; last_seq: number; last_report_at: number },
): Promise<void> {
  await db
    .insertInto('study_playbacks')
    .values(row)
    .onConflict((oc) =>
      oc.column('person_id').doUpdateSet({
        playback_id: row.playback_id,
        warp_course_id: row.warp_course_id,
        last_seq: row.last_seq,
        last_report_at: row.last_report_at,
      }),
    )
    .execute();
}

export async function findCreditedOnDay(db: Db, personId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('study_days')
    .select('credited_seconds')
    .where('person_id', '=', personId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.credited_seconds ?? 0;
}

export async function addCreditedOnDay(db: Db, personId: string, day: string, seconds: number): Promise<void> {
  await db
    .insertInto('study_days')
    .values({ person_id: personId, day, credited_seconds: seconds })
    .onConflict((oc) =>
      oc.columns(['person_id', 'day']).doUpdateSet((eb) => ({
        credited_seconds: eb('study_days.credited_seconds', '+', seconds),
      })),
    )
    .execute();
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

export async function incrementStudyCount(db: Db, warpCourseId: string, now: number): Promise<void> {
  await db
    .updateTable('train_warp_courses')
    .set((eb) => ({ study_count: eb('study_count', '+', 1), last_learn_date: now }))
    .where('id', '=', warpCourseId)
    .execute();
}
