import { sql } from 'kysely';
import type { Db, Dialect } from '../../infra/database.js';
import { executeWithRows, inValues } from '../../infra/rows-table.js';

/**
 * What the face gate reads and writes inside the credit batch, for a whole batch at once.
 * Each statement's text is the same for any number of learners (`inValues`,
 * `executeWithRows`), so SQLite prepares it once.
 */

/**
 * For courseware records: their membership, learner and class rules, and the membership's
 * credited study since its last passed check (or since it joined).
 */
export async function findMembershipsOfWarps(db: Db, dialect: Dialect, warpCourseIds: string[]) {
  if (warpCourseIds.length === 0) return [];
  return db
    .selectFrom('train_warp_courses as wc')
    .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .leftJoin('face_check_credit as fc', 'fc.train_person_id', 'wc.train_person_id')
    .select([
      'wc.id as warp_course_id',
      'wc.train_person_id',
      'tp.person_id',
      'c.rules',
      'c.closed_at as class_closed_at',
      'c.start_date as class_start_date',
      'c.end_date as class_end_date',
      sql<number>`coalesce(fc.seconds, 0)`.as('credited_since_pass'),
    ])
    .where(inValues(dialect, 'wc.id', warpCourseIds))
    .execute();
}

/** Checks not passed yet (pending or failed), newest first. */
export async function findOpenChecks(db: Db, dialect: Dialect, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  return db
    .selectFrom('face_checks')
    .selectAll()
    .where(inValues(dialect, 'train_person_id', trainPersonIds))
    .where('status', '!=', 'passed')
    .orderBy('due_at', 'desc')
    .execute();
}

/** Each membership's latest passed check, and whether a manager voided it since (1). */
export async function findLastPasses(db: Db, dialect: Dialect, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  return (
    db
      .selectFrom('face_checks as f')
      .leftJoin('face_check_reviews as r', (join) =>
        join.onRef('r.check_id', '=', 'f.id').on('r.decision', '=', 'voided'),
      )
      .selectAll('f')
      // voided: itself, or passed within a void's window — a void takes back everything credited
      // from the last trusted pass before the voided one until the void, later passes' credit
      // too, so those passes let nothing more through either: he is asked again
      .select(
        sql<number>`case when r.check_id is not null or exists (
        select 1 from face_checks vc
        inner join face_check_reviews vr on vr.check_id = vc.id and vr.decision = 'voided'
        where vc.train_person_id = f.train_person_id
          and vr.reviewed_at >= f.passed_at
          and coalesce(vr.voided_since, 0) <= f.passed_at
      ) then 1 else 0 end`.as('voided'),
      )
      .where(inValues(dialect, 'f.train_person_id', trainPersonIds))
      .where('f.status', '=', 'passed')
      .where((eb) =>
        eb(
          'f.passed_at',
          '=',
          eb
            .selectFrom('face_checks as g')
            .select((e) => e.fn.max('g.passed_at').as('m'))
            .whereRef('g.train_person_id', '=', 'f.train_person_id')
            .where('g.status', '=', 'passed'),
        ),
      )
      .execute()
  );
}

type CreditRow = { train_person_id: string; seconds: number };

/** Adds credited seconds to each membership's study since its last pass (one row per membership). */
export async function addCheckCredit(db: Db, dialect: Dialect, rows: CreditRow[]): Promise<void> {
  await executeWithRows(
    db,
    dialect,
    rows,
    [
      ['train_person_id', 'text'],
      ['seconds', 'float8'],
    ],
    `INSERT INTO face_check_credit (train_person_id, seconds) SELECT train_person_id, seconds FROM v WHERE true
     ON CONFLICT (train_person_id) DO UPDATE SET seconds = face_check_credit.seconds + excluded.seconds`,
  );
}

/** A check passed: the membership's study towards the next random check starts from nothing. */
export async function clearCheckCredit(db: Db, trainPersonId: string): Promise<void> {
  await db.deleteFrom('face_check_credit').where('train_person_id', '=', trainPersonId).execute();
}
