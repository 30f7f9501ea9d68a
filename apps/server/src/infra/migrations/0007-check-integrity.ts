import { sql, type Kysely } from 'kysely';

/**
 * Integrity the first versions lacked:
 *  - a photo's SHA-256 on references and attempts, so a check refuses the very file it
 *    would be compared with (the reference, or a photo already sent);
 *  - at most one open exam attempt per learner and course, so parallel starts cannot draw
 *    extra papers past the attempts a class allows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_references').addColumn('photo_sha256', 'text').execute();
  await db.schema.alterTable('face_attempts').addColumn('photo_sha256', 'text').execute();
  await db.schema
    .createIndex('face_attempts_photo_idx')
    .on('face_attempts')
    .columns(['person_id', 'photo_sha256'])
    .execute();
  await sql`CREATE UNIQUE INDEX exam_attempts_one_open ON exam_attempts (train_person_id, class_course_id) WHERE status = 'open'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX exam_attempts_one_open`.execute(db);
  await db.schema.dropIndex('face_attempts_photo_idx').execute();
  await db.schema.alterTable('face_attempts').dropColumn('photo_sha256').execute();
  await db.schema.alterTable('face_references').dropColumn('photo_sha256').execute();
}
