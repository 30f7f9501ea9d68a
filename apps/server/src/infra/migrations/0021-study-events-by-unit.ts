import type { Kysely } from 'kysely';

/**
 * Reports (issue: Console III) sum a learner's credited study from study_events by his unit
 * records, and the dashboard by day; these indexes keep both range reads instead of a scan
 * of every event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('study_events_warp_course_idx')
    .on('study_events')
    .columns(['warp_course_id', 'created_at'])
    .execute();
  await db.schema.createIndex('study_events_time_idx').on('study_events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('study_events_time_idx').execute();
  await db.schema.dropIndex('study_events_warp_course_idx').execute();
}
