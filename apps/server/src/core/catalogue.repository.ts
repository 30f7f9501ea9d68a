import type { Db } from '../infra/database.js';

/**
 * The course books an organisation offers: its own and the shared ones (no organisation),
 * published and not retired (a draft is its manager's alone). Every feature that shows a
 * course book to someone asks through here.
 */
export function selectBooksOfOrg(db: Db, orgId: string) {
  return db
    .selectFrom('course_books as b')
    .where((eb) => eb.or([eb('b.org_id', '=', orgId), eb('b.org_id', 'is', null)]))
    .where('b.status', '=', 'published')
    .where('b.retired_at', 'is', null);
}

export async function findVisibleBook(db: Db, orgId: string, bookId: string) {
  return selectBooksOfOrg(db, orgId).select(['b.id', 'b.name']).where('b.id', '=', bookId).executeTakeFirst();
}
