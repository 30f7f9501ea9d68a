import type { Kysely } from 'kysely';

/**
 * 操作日志 names what a record was about as it was named when it was written (a learner's
 * name then, not after a later rename or import); older records are named as they are now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('target_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('target_name').execute();
}
