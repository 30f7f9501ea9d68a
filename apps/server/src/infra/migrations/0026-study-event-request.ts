import type { Kysely } from 'kysely';

/**
 * The request a study event came from (issue: resilience, operations): the id each answer
 * carries as x-request-id and the logs carry as reqId, so a learner's complaint about one
 * report leads from the record to its log lines and back. Null for events before this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_events').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_events').dropColumn('request_id').execute();
}
