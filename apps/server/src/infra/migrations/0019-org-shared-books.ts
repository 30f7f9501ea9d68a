import type { Kysely } from 'kysely';

/**
 * The platform's shared course books (course_books.org_id null) an organisation has added to
 * its catalogue (issue: Console II). Only these reach its learners and its classes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_shared_books')
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addColumn('added_by', 'text')
    .addPrimaryKeyConstraint('org_shared_books_pk', ['org_id', 'book_id'])
    .execute();
  await db.schema.createIndex('org_shared_books_book').on('org_shared_books').column('book_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('org_shared_books').execute();
}
