import { sql, type Kysely } from 'kysely';

/**
 * A void's window: the moment from which it took credit back (`voided_since`, the learner's
 * last trusted check before the voided one; 0 when there was none) — with `reviewed_at`, the
 * stretch whose credit no longer stands. The reports' 首次/最后学习 leave credit inside such a
 * stretch out. Voids from before are given the window their void used, as far as the checks
 * still tell it (a check voided later than that void still counted as trusted then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_check_reviews').addColumn('voided_since', 'bigint').execute();
  await sql`update face_check_reviews set voided_since = coalesce((
      select max(f.passed_at) from face_checks c
      join face_checks f on f.train_person_id = c.train_person_id
      left join face_check_reviews r2 on r2.check_id = f.id
      where c.id = face_check_reviews.check_id and f.status = 'passed' and f.passed_at < c.passed_at
        and (r2.decision is null or r2.decision <> 'voided' or r2.reviewed_at > face_check_reviews.reviewed_at)
    ), 0) where decision = 'voided'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_check_reviews').dropColumn('voided_since').execute();
}
