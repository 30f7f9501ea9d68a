import type { Db } from '../infra/database.js';

/**
 * The course books an organisation offers: its own and the platform's shared ones (no
 * organisation) that its manager added to its catalogue, published and not retired (a draft
 * is its manager's alone). Every feature that shows a course book to someone, and a class
 * taking one, asks through here.
 */
export function selectBooksOfOrg(db: Db, orgId: string) {
  return db
    .selectFrom('course_books as b')
    .where((eb) =>
      eb.or([
        eb('b.org_id', '=', orgId),
        eb.and([
          eb('b.org_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('org_shared_books as s')
              .select('s.book_id')
              .whereRef('s.book_id', '=', 'b.id')
              .where('s.org_id', '=', orgId),
          ),
        ]),
      ]),
    )
    .where('b.status', '=', 'published')
    .where('b.retired_at', 'is', null);
}

export async function findVisibleBook(db: Db, orgId: string, bookId: string) {
  return selectBooksOfOrg(db, orgId).select(['b.id', 'b.name']).where('b.id', '=', bookId).executeTakeFirst();
}
