import type { Db } from '../../infra/database.js';
import { unitAndQuestionCounts } from './course-book-admin.repository.js';

/**
 * The platform's shared course books (org_id null) as organisations take them: this module
 * writes org_shared_books; learners reach an added book through core/catalogue.repository.
 */
function offeredBooks(db: Db) {
  return db
    .selectFrom('course_books as b')
    .where('b.org_id', 'is', null)
    .where('b.status', '=', 'published')
    .where('b.retired_at', 'is', null);
}

export async function findSharedBooks(
  db: Db,
  orgId: string,
  filter: { q?: string | undefined; offset: number; limit: number },
) {
  let q = offeredBooks(db);
  const text = filter.q?.trim().replace(/[%_\\]/g, '');
  if (text) q = q.where('b.name', 'like', `%${text}%`);
  const [rows, count] = await Promise.all([
    q
      .selectAll('b')
      .select((eb) => [
        ...unitAndQuestionCounts(eb),
        eb
          .selectFrom('train_class_courses as cc')
          .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('cc.book_id', '=', 'b.id')
          .where('c.org_id', '=', orgId)
          .as('class_count'),
        eb
          .selectFrom('org_shared_books as s')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('s.book_id', '=', 'b.id')
          .where('s.org_id', '=', orgId)
          .as('added'),
      ])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type SharedBookRow = Awaited<ReturnType<typeof findSharedBooks>>['rows'][number];

/** A platform book an organisation may add: published and not retired. */
export async function findOfferedBook(db: Db, id: string) {
  return offeredBooks(db).select(['b.id', 'b.name']).where('b.id', '=', id).executeTakeFirst();
}

/** Adds a book to the organisation's catalogue; false when it was there already. */
export async function addSharedBook(db: Db, orgId: string, bookId: string, personId: string, now: number) {
  const result = await db
    .insertInto('org_shared_books')
    .values({ org_id: orgId, book_id: bookId, added_at: now, added_by: personId })
    .onConflict((oc) => oc.columns(['org_id', 'book_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes a book out of the organisation's catalogue; false when it was not there. */
export async function removeSharedBook(db: Db, orgId: string, bookId: string) {
  const result = await db
    .deleteFrom('org_shared_books')
    .where('org_id', '=', orgId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
