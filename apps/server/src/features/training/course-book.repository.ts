import { selectBooksOfOrg } from '../../core/catalogue.repository.js';
import type { Db } from '../../infra/database.js';

export async function findBooks(
  db: Db,
  orgId: string,
  options: { id?: string; name?: string; offset: number; limit: number; orderBy: 'popularity' | 'created' },
) {
  let q = selectBooksOfOrg(db, orgId);
  if (options.id) q = q.where('b.id', '=', options.id);
  if (options.name) q = q.where('b.name', 'like', `%${options.name.replace(/[%_\\]/g, '')}%`);
  const [rows, count] = await Promise.all([
    q
      .select((eb) => [
        'b.id',
        'b.name',
        'b.intro',
        'b.teachers',
        'b.class_hours',
        'b.popularity',
        'b.cover_file_id',
        eb
          .selectFrom('course_warps as w')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('w.book_id', '=', 'b.id')
          .as('unit_count'),
        eb
          .selectFrom('course_warps as w')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('w.duration_seconds'), e.val(0)).as('s'))
          .whereRef('w.book_id', '=', 'b.id')
          .as('duration'),
      ])
      .orderBy(options.orderBy === 'popularity' ? 'b.popularity' : 'b.created_at', 'desc')
      .orderBy('b.id')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type BookRow = Awaited<ReturnType<typeof findBooks>>['rows'][number];

export async function findBookOfOrg(db: Db, orgId: string, bookId: string): Promise<BookRow | undefined> {
  const { rows } = await findBooks(db, orgId, { id: bookId, offset: 0, limit: 1, orderBy: 'created' });
  return rows[0];
}

/** The organisation's learners of a book (a shared platform book's other organisations are theirs to count). */
export async function countLearnersOfBook(db: Db, orgId: string, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
    .innerJoin('persons as p', 'p.id', 'tp.person_id')
    .select((eb) => eb.fn.count<number>('pc.train_person_id').distinct().as('n'))
    .where('pc.book_id', '=', bookId)
    .where('p.org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUnitsOfBook(db: Db, bookId: string) {
  return db
    .selectFrom('course_warps')
    .select(['id', 'book_id', 'sort_order', 'title', 'kind', 'duration_seconds'])
    .where('book_id', '=', bookId)
    .orderBy('sort_order')
    .execute();
}

/**
 * A unit with its video, if the book owner may show it: an organisation's manager his own
 * books in any state (he reviews drafts before publishing them) and the platform's published
 * shared books (before adding one); the platform operator (owner null) the platform's books
 * in any state.
 */
export async function findUnitOfOrg(db: Db, owner: string | null, warpId: string) {
  return db
    .selectFrom('course_warps as w')
    .innerJoin('course_books as b', 'b.id', 'w.book_id')
    .select(['w.id', 'w.vod_id'])
    .where('w.id', '=', warpId)
    .where((eb) =>
      owner === null
        ? eb('b.org_id', 'is', null)
        : eb.or([
            eb('b.org_id', '=', owner),
            eb.and([eb('b.org_id', 'is', null), eb('b.status', '=', 'published'), eb('b.retired_at', 'is', null)]),
          ]),
    )
    .executeTakeFirst();
}

/** A courseware video's stored file. */
export async function findVod(db: Db, id: string) {
  return db.selectFrom('vods').selectAll().where('id', '=', id).executeTakeFirst();
}
