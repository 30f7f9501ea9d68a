import type { Kysely } from 'kysely';

/** A class a training manager closed (no more enrolment; records and certificates stay), and when it last changed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('train_classes').addColumn('closed_at', 'bigint').execute();
  await db.schema.alterTable('train_classes').addColumn('updated_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('train_classes').dropColumn('updated_at').execute();
  await db.schema.alterTable('train_classes').dropColumn('closed_at').execute();
}
