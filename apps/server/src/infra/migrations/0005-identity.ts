import type { Kysely } from 'kysely';

/**
 * Identity: each learner's reference face (the photo's storage key and its embedding, so a
 * check analyses only the live photo), the face checks a class asks for (at the start of a
 * study session, at random moments, at the end of a unit), every attempt at one kept for
 * audit (time, score, result, address, device, the photo until its retention ends), and
 * the single-use tokens that let a phone take the photo for a desktop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('face_references')
    .addColumn('person_id', 'text', (c) => c.primaryKey().references('persons.id'))
    .addColumn('photo_key', 'text', (c) => c.notNull())
    /** base64 of the float32 embedding */
    .addColumn('embedding', 'text', (c) => c.notNull())
    .addColumn('detector_score', 'double precision', (c) => c.notNull())
    /** who set it: the learner, or an administrator */
    .addColumn('set_by', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('face_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('train_person_id', 'text', (c) => c.notNull().references('train_persons.id'))
    /** 'start' | 'random' | 'end' */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** 'pending' | 'failed' | 'passed'; a pending or failed check past its window is missed */
    .addColumn('status', 'text', (c) => c.notNull())
    /** the login session it was asked in (a start check is once per session) */
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('warp_course_id', 'text', (c) => c.references('train_warp_courses.id'))
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_score', 'double precision')
    .addColumn('passed_at', 'bigint')
    /** after a pass: credited seconds of study before the next random check */
    .addColumn('next_after_seconds', 'double precision')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('face_checks_member_idx')
    .on('face_checks')
    .columns(['train_person_id', 'status', 'due_at'])
    .execute();

  await db.schema
    .createTable('face_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('check_id', 'text', (c) => c.references('face_checks.id'))
    /** 'check' | 'test' | 'reference' */
    .addColumn('purpose', 'text', (c) => c.notNull())
    /** 'passed' | 'failed' | 'rejected' (no usable face) */
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision')
    .addColumn('reason', 'text')
    .addColumn('photo_key', 'text')
    .addColumn('photo_purged_at', 'bigint')
    /** 'camera' | 'phone' | 'upload' */
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('face_attempts_person_idx')
    .on('face_attempts')
    .columns(['person_id', 'created_at'])
    .execute();
  await db.schema.createIndex('face_attempts_check_idx').on('face_attempts').column('check_id').execute();

  await db.schema
    .createTable('face_capture_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('check_id', 'text', (c) => c.notNull().references('face_checks.id'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['face_capture_tokens', 'face_attempts', 'face_checks', 'face_references']) {
    await db.schema.dropTable(table).execute();
  }
}
