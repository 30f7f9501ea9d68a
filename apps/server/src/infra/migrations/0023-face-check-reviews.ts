import type { Kysely } from 'kysely';

/**
 * A training manager's review of a face check (issue: Console III): confirmed, or voided with
 * a reason and the seconds of credit the void took back. One review per check; the check row
 * itself is never changed or deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('face_check_reviews')
    .addColumn('check_id', 'text', (c) => c.primaryKey().references('face_checks.id'))
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('voided_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('reviewed_by', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_check_reviews').execute();
}
