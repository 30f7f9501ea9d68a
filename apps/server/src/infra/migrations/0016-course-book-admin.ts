import type { Kysely } from 'kysely';

/**
 * Course books kept by a training manager (issue: Console II): a draft is his alone until
 * published (learners see published books only), a category, and retirement (gone from the
 * catalogue; classes that have it keep their records).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** 'draft' | 'published'; the books that exist are published */
  await db.schema
    .alterTable('course_books')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .execute();
  await db.schema
    .alterTable('course_books')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('course_books').addColumn('updated_at', 'bigint').execute();
  await db.schema.alterTable('course_books').addColumn('retired_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['retired_at', 'updated_at', 'category', 'status']) {
    await db.schema.alterTable('course_books').dropColumn(column).execute();
  }
}
