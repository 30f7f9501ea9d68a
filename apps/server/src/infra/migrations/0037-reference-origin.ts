import { sql, type Kysely } from 'kysely';

/**
 * The face a learner's 本人照片 started from (`origin_embedding`): his first own photo, or the
 * last one a manager set. A learner's replacement must be the same person as it, not only as
 * the photo it replaces — else a chain of photos, each a little more of someone else, walks
 * the reference over to another face. References from before start from what they hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_references').addColumn('origin_embedding', 'text').execute();
  await sql`update face_references set origin_embedding = embedding`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_references').dropColumn('origin_embedding').execute();
}
