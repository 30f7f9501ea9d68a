import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import { ownerIs, type BookOwner } from '../../core/book-owner.js';
import type { Db, Dialect } from '../../infra/database.js';
import type { CourseBooksTable, Database } from '../../infra/db-schema.js';

/**
 * The console's side of course_books (this module writes it; learners read published books
 * through core/catalogue.repository). A book's owner is an organisation, or null for the
 * platform's shared books (core/book-owner).
 */
/** How many units and live questions a book (aliased `b`) holds: the console's lists show both. */
export const unitAndQuestionCounts = (eb: ExpressionBuilder<Database & { b: CourseBooksTable }, 'b'>) => [
  eb
    .selectFrom('course_warps as w')
    .select((q) => q.fn.countAll<number>().as('n'))
    .whereRef('w.book_id', '=', 'b.id')
    .as('unit_count'),
  eb
    .selectFrom('questions as q')
    .select((q) => q.fn.countAll<number>().as('n'))
    .whereRef('q.book_id', '=', 'b.id')
    .where('q.retired_at', 'is', null)
    .as('question_count'),
];

function withCounts(db: Db) {
  return db
    .selectFrom('course_books as b')
    .selectAll('b')
    .select((eb) => [
      ...unitAndQuestionCounts(eb),
      eb
        .selectFrom('train_class_courses as cc')
        .select((q) => q.fn.countAll<number>().as('n'))
        .whereRef('cc.book_id', '=', 'b.id')
        .as('class_count'),
      // the most study its units can credit: each unit counts up to its length
      eb
        .selectFrom('course_warps as w')
        .select((q) => q.fn.coalesce(q.fn.sum<number>('w.duration_seconds'), q.lit(0)).as('s'))
        .whereRef('w.book_id', '=', 'b.id')
        .as('unit_seconds'),
    ]);
}

export async function findOwnBook(db: Db, owner: BookOwner, id: string) {
  return withCounts(db).where('b.org_id', ownerIs(owner), owner).where('b.id', '=', id).executeTakeFirst();
}
/**
 * The book's row locked for the rest of the transaction on PostgreSQL (SQLite has one writer):
 * a state change and a class taking the book (which reads it FOR SHARE) run one after the other.
 */
export async function lockOwnBook(db: Db, dialect: Dialect, owner: BookOwner, id: string) {
  if (dialect === 'postgres') {
    await db
      .selectFrom('course_books')
      .select('id')
      .where('org_id', ownerIs(owner), owner)
      .where('id', '=', id)
      .forUpdate()
      .execute();
  }
  return findOwnBook(db, owner, id);
}
export type OwnBookRow = NonNullable<Awaited<ReturnType<typeof findOwnBook>>>;

export async function findOwnBooks(
  db: Db,
  owner: BookOwner,
  filter: {
    status?: 'draft' | 'published' | 'retired' | undefined;
    q?: string | undefined;
    offset: number;
    limit: number;
  },
) {
  let q = db.selectFrom('course_books as b').where('b.org_id', ownerIs(owner), owner);
  if (filter.status === 'retired') q = q.where('b.retired_at', 'is not', null);
  else if (filter.status) q = q.where('b.retired_at', 'is', null).where('b.status', '=', filter.status);
  const text = filter.q?.trim().replace(/[%_\\]/g, '');
  if (text) q = q.where('b.name', 'like', `%${text}%`);
  const [ids, count] = await Promise.all([
    q
      .select('b.id')
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const rows =
    ids.length === 0
      ? []
      : await withCounts(db)
          .where(
            'b.id',
            'in',
            ids.map((r) => r.id),
          )
          .orderBy('b.created_at', 'desc')
          .orderBy('b.id')
          .execute();
  return { rows, total: Number(count.n) };
}

export async function insertBook(db: Db, row: Insertable<CourseBooksTable>): Promise<void> {
  await db.insertInto('course_books').values(row).execute();
}

export async function updateBook(db: Db, id: string, values: Updateable<CourseBooksTable>): Promise<void> {
  await db.updateTable('course_books').set(values).where('id', '=', id).execute();
}
