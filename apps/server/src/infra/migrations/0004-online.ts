import type { Kysely } from 'kysely';

/**
 * Online: course comments (one per learner per course book, with a 1–5 rating) and the
 * course discussion (questions and their answers, one level deep). Text is stored as
 * written and only ever shown as text. A discussion post is deleted softly: answers to a
 * deleted question stay readable under a "deleted" placeholder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('course_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('course_comments_unique', ['book_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('course_comments_book_idx')
    .on('course_comments')
    .columns(['book_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('course_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    /** null: a question; else the question this answers */
    .addColumn('parent_id', 'text', (c) => c.references('course_answers.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('course_answers_book_idx')
    .on('course_answers')
    .columns(['book_id', 'parent_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_answers').execute();
  await db.schema.dropTable('course_comments').execute();
}
