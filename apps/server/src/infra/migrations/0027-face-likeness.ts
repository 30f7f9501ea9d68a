import type { Kysely } from 'kysely';

/**
 * Face checks a copied photo cannot pass (issue: trust). Each photo's perceptual hashes and
 * embedding are kept beside it, so a later photo is compared with every earlier one (a copy is
 * refused, the same still scene check after check is flagged); the anti-spoofing and liveness
 * scores are recorded; a check carries the flags of the photo that decided it, for 核验审核.
 * A photo taken in the check window must carry a nonce the server gave, used once.
 * Rows from before have no hashes: they are compared by their SHA-256 only, and a reference
 * photo gets its hashes the next time a check compares with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_attempts').addColumn('frame_hash', 'text').execute();
  await db.schema.alterTable('face_attempts').addColumn('face_hash', 'text').execute();
  await db.schema.alterTable('face_attempts').addColumn('embedding', 'text').execute();
  await db.schema.alterTable('face_attempts').addColumn('real_score', 'real').execute();
  await db.schema.alterTable('face_attempts').addColumn('live_score', 'real').execute();
  /** comma-separated: STILL_SCENE, LOW_ANTISPOOF, LOW_LIVENESS */
  await db.schema.alterTable('face_attempts').addColumn('flags', 'text').execute();
  /** how many of the learner's last five passed check photos showed the same still scene as this one */
  await db.schema
    .alterTable('face_attempts')
    .addColumn('still_run', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('face_references').addColumn('frame_hash', 'text').execute();
  await db.schema.alterTable('face_references').addColumn('face_hash', 'text').execute();
  await db.schema.alterTable('face_checks').addColumn('flags', 'text').execute();
  await db.schema
    .createTable('face_capture_nonces')
    .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('face_capture_nonces_expiry_idx')
    .on('face_capture_nonces')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_capture_nonces').execute();
  await db.schema.alterTable('face_checks').dropColumn('flags').execute();
  for (const column of ['frame_hash', 'face_hash']) {
    await db.schema.alterTable('face_references').dropColumn(column).execute();
  }
  for (const column of ['frame_hash', 'face_hash', 'embedding', 'real_score', 'live_score', 'flags', 'still_run']) {
    await db.schema.alterTable('face_attempts').dropColumn(column).execute();
  }
}
