import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../infra/database.js';

/**
 * A voided face check's stretch: the credit its membership earned after `since` (the last
 * trusted check before it), up to the void, was taken back (credit-void.ts). Voids are rare:
 * a report asks for the few of its memberships before it sums.
 */
export interface VoidWindow {
  trainPersonId: string;
  since: number;
  at: number;
}

const windows = (db: Db) =>
  db
    .selectFrom('face_check_reviews as r')
    .innerJoin('face_checks as f', 'f.id', 'r.check_id')
    .select(['f.train_person_id', 'r.voided_since', 'r.reviewed_at'])
    .where('r.decision', '=', 'voided');

const asWindows = (rows: Array<{ train_person_id: string; voided_since: number | null; reviewed_at: number }>) =>
  rows.map((r) => ({
    trainPersonId: r.train_person_id,
    since: Number(r.voided_since ?? 0),
    at: Number(r.reviewed_at),
  }));

export async function findVoidWindows(db: Db, trainPersonIds: readonly string[]): Promise<VoidWindow[]> {
  if (trainPersonIds.length === 0) return [];
  return asWindows(await windows(db).where('f.train_person_id', 'in', trainPersonIds).execute());
}

export async function findVoidWindowsOfClass(db: Db, classId: string): Promise<VoidWindow[]> {
  return asWindows(
    await windows(db)
      .innerJoin('train_persons as tp', 'tp.id', 'f.train_person_id')
      .where('tp.class_id', '=', classId)
      .execute(),
  );
}

/**
 * A study event whose credit stands: it earned some, and no void took it back — what 首次 and
 * 最后学习 are made of (a voided stretch's credit is gone from the sums by its compensating
 * events, but its moments would still be the latest). `event` and `unit` are the query's
 * aliases of study_events and train_warp_courses.
 */
export function creditStands(
  voids: readonly VoidWindow[],
  aliases: { event: string; unit: string } = { event: 'e', unit: 'w' },
): RawBuilder<SqlBool> {
  const at = sql.ref(`${aliases.event}.created_at`);
  const member = sql.ref(`${aliases.unit}.train_person_id`);
  const outside = voids.map(
    (v) => sql` and not (${member} = ${v.trainPersonId} and ${at} > ${v.since} and ${at} <= ${v.at})`,
  );
  return sql<SqlBool>`(${sql.ref(`${aliases.event}.credited_seconds`)} > 0${sql.join(outside, sql``)})`;
}
