import type { Kysely } from 'kysely';

/**
 * The learning core: course books made of courseware units ("warps", mostly videos),
 * classes of an organisation with their courses and members, the learner's course and
 * courseware records (spec §3 videoData / warpCourseData), the live playback per learner,
 * the daily credit per learner, and the append-only study events every credit decision
 * leaves behind for an audit.
 *
 * Seconds are DOUBLE PRECISION (fractions of a second matter when reports are summed);
 * 学时 of a course are DOUBLE PRECISION too (1.5 学时 happens).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('course_books')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.references('organisations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_file_id', 'text')
    /** JSON array of teacher names */
    .addColumn('teachers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('class_hours', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('course_warps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('video'))
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('vod_id', 'text', (c) => c.references('vods.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_warps_book_idx').on('course_warps').columns(['book_id', 'sort_order']).execute();

  await db.schema
    .createTable('train_classes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('teacher', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'bigint')
    .addColumn('end_date', 'bigint')
    /** JSON: the class's study rules (face checks, exam required, caps) */
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('train_classes_org_idx').on('train_classes').column('org_id').execute();

  await db.schema
    .createTable('train_class_courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('train_classes.id'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    /** 学时 this class requires of the course */
    .addColumn('class_hours', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('train_class_courses_unique', ['class_id', 'book_id'])
    .execute();

  await db.schema
    .createTable('train_persons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('train_classes.id'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('train_persons_unique', ['class_id', 'person_id'])
    .execute();
  await db.schema.createIndex('train_persons_person_idx').on('train_persons').column('person_id').execute();

  // spec §3 videoData: the learner's record of one course of a class
  await db.schema
    .createTable('train_person_courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('train_person_id', 'text', (c) => c.notNull().references('train_persons.id'))
    .addColumn('class_course_id', 'text', (c) => c.notNull().references('train_class_courses.id'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    /** 0 not started, 1 studying, 2 completed */
    .addColumn('learn_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sys_score', 'double precision')
    .addColumn('sys_comments', 'text')
    .addColumn('studied_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint')
    .addColumn('last_learn_date', 'bigint')
    .addColumn('end_time', 'bigint')
    .addUniqueConstraint('train_person_courses_unique', ['train_person_id', 'class_course_id'])
    .execute();

  // spec §3 warpCourseData: the learner's record of one courseware unit
  await db.schema
    .createTable('train_warp_courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('train_person_id', 'text', (c) => c.notNull().references('train_persons.id'))
    .addColumn('class_course_id', 'text', (c) => c.notNull().references('train_class_courses.id'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    .addColumn('warp_id', 'text', (c) => c.notNull().references('course_warps.id'))
    .addColumn('learn_status', 'integer', (c) => c.notNull().defaultTo(0))
    /** credited seconds (studyLength) */
    .addColumn('study_length', 'double precision', (c) => c.notNull().defaultTo(0))
    /** furthest point watched with credit, seconds */
    .addColumn('furthest_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    /** where the learner stopped, to resume there */
    .addColumn('last_position', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('study_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sys_comments', 'text')
    .addColumn('start_time', 'bigint')
    .addColumn('last_learn_date', 'bigint')
    .addColumn('end_time', 'bigint')
    .addUniqueConstraint('train_warp_courses_unique', ['train_person_id', 'class_course_id', 'warp_id'])
    .execute();

  // the one live playback of a learner (one video, one device at a time)
  await db.schema
    .createTable('study_playbacks')
    .addColumn('person_id', 'text', (c) => c.primaryKey().references('persons.id'))
    .addColumn('playback_id', 'text', (c) => c.notNull())
    .addColumn('warp_course_id', 'text', (c) => c.notNull().references('train_warp_courses.id'))
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('last_report_at', 'bigint', (c) => c.notNull())
    .execute();

  // addRecnum: one study start per playback
  await db.schema
    .createTable('study_starts')
    .addColumn('playback_id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('warp_course_id', 'text', (c) => c.notNull().references('train_warp_courses.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // credited seconds per learner per local day, for the daily cap
  await db.schema
    .createTable('study_days')
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('credited_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('study_days_pk', ['person_id', 'day'])
    .execute();

  // append-only: every credit decision, granted or refused
  await db.schema
    .createTable('study_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('warp_course_id', 'text', (c) => c.notNull().references('train_warp_courses.id'))
    .addColumn('playback_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('reported_position', 'double precision', (c) => c.notNull())
    .addColumn('reported_rate', 'double precision', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('credited_seconds', 'double precision', (c) => c.notNull())
    .addColumn('refusal', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('study_events_person_idx')
    .on('study_events')
    .columns(['person_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'study_events',
    'study_days',
    'study_starts',
    'study_playbacks',
    'train_warp_courses',
    'train_person_courses',
    'train_persons',
    'train_class_courses',
    'train_classes',
    'course_warps',
    'course_books',
    'vods',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
