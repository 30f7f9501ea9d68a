import type { Kysely } from 'kysely';

/**
 * A photo's SHA-256 looked up across accounts: the very same file sent as two people's
 * reference or check photo is one person studying for two (helper-73). 0007 indexed the digest
 * per person only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('face_attempts_photo_sha256').on('face_attempts').column('photo_sha256').execute();
  await db.schema.createIndex('face_references_photo_sha256').on('face_references').column('photo_sha256').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('face_references_photo_sha256').ifExists().execute();
  await db.schema.dropIndex('face_attempts_photo_sha256').ifExists().execute();
}
