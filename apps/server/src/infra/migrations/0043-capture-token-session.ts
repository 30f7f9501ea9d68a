import type { Kysely } from 'kysely';

/**
 * A phone's photo (the QR code's token) counts for the login that showed the code, as a photo
 * from that login's own camera does: a check opened in an earlier login and passed by phone
 * left the new login unchecked, so 考试前 asked again. Tokens issued before have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_capture_tokens').addColumn('session_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_capture_tokens').dropColumn('session_id').execute();
}
