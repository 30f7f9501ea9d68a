import type { Kysely } from 'kysely';

/**
 * An exam sat while the learner's identity was in doubt stands no more once a manager voids the
 * face check (core/exam-void): `voided_at` is when, `voided_by_check` the voided check. The row
 * stays as it was sat (its answers, score and pass, for audit); a voided attempt counts for
 * nothing — neither a pass nor a try. Voids from before this migration voided credit only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_attempts').addColumn('voided_at', 'bigint').execute();
  await db.schema.alterTable('exam_attempts').addColumn('voided_by_check', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_attempts').dropColumn('voided_by_check').execute();
  await db.schema.alterTable('exam_attempts').dropColumn('voided_at').execute();
}
