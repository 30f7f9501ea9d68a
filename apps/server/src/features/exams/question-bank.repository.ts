import { containsText } from '../../core/text-search.js';
import type { Insertable, Updateable } from 'kysely';
import { ownerIs, type BookOwner } from '../../core/book-owner.js';
import type { Db, Dialect } from '../../infra/database.js';
import type { QuestionsTable } from '../../infra/db-schema.js';

/** The manager's side of the questions table (this feature owns it; learners read through exams.repository). */

/** The owner's course books with how many questions each bank holds (retired ones not counted). */
export async function findBankBooks(db: Db, owner: BookOwner) {
  return db
    .selectFrom('course_books as b')
    .select((eb) => [
      'b.id',
      'b.name',
      eb
        .selectFrom('questions as q')
        .select((q) => q.fn.countAll<number>().as('n'))
        .whereRef('q.book_id', '=', 'b.id')
        .where('q.retired_at', 'is', null)
        .as('question_count'),
    ])
    .where('b.org_id', ownerIs(owner), owner)
    .where('b.retired_at', 'is', null)
    .orderBy('b.name')
    .execute();
}

export async function findBankBook(db: Db, owner: BookOwner, bookId: string) {
  return db
    .selectFrom('course_books')
    .select(['id', 'name'])
    .where('org_id', ownerIs(owner), owner)
    .where('id', '=', bookId)
    .executeTakeFirst();
}

export async function findBankQuestions(
  db: Db,
  bookId: string,
  filter: { kind?: string | undefined; text?: string | undefined; offset: number; limit: number },
) {
  let q = db.selectFrom('questions').where('book_id', '=', bookId).where('retired_at', 'is', null);
  if (filter.kind) q = q.where('kind', '=', filter.kind as never);
  // words of the stem, each somewhere in it (化学品 泄漏), taken literally (% and ____ as themselves)
  for (const word of (filter.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    q = q.where(containsText('stem', word));
  }
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('sort_order').orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every live question of a bank, in order (the export). */
export async function findAllBankQuestions(db: Db, bookId: string) {
  return db
    .selectFrom('questions')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('retired_at', 'is', null)
    .orderBy('sort_order')
    .execute();
}

/** The stems a bank already holds (live questions), to refuse the same question twice. */
export async function findBankStems(db: Db, bookId: string) {
  return db
    .selectFrom('questions')
    .select(['id', 'kind', 'stem'])
    .where('book_id', '=', bookId)
    .where('retired_at', 'is', null)
    .execute();
}

/**
 * The course book's row locked for the rest of the transaction on PostgreSQL (SQLite has one
 * writer): two imports into one bank check for duplicates and number their questions one
 * after the other.
 */
export async function lockBankBook(db: Db, dialect: Dialect, bookId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('course_books').select('id').where('id', '=', bookId).forUpdate().execute();
}

export async function lastSortOrder(db: Db, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

export async function insertQuestions(db: Db, rows: Array<Insertable<QuestionsTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('questions')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** Retires a live question of one of the owner's books; undefined when there is none. */
export async function retireQuestion(db: Db, owner: BookOwner, id: string, now: number) {
  const question = await db
    .selectFrom('questions as q')
    .innerJoin('course_books as b', 'b.id', 'q.book_id')
    .select(['q.id', 'q.stem', 'q.book_id'])
    .where('b.org_id', ownerIs(owner), owner)
    .where('q.id', '=', id)
    .where('q.retired_at', 'is', null)
    .executeTakeFirst();
  if (!question) return undefined;
  await db.updateTable('questions').set({ retired_at: now }).where('id', '=', id).execute();
  return question;
}

/** A question of one of the owner's books, live or retired. */
export async function findOwnQuestion(db: Db, owner: BookOwner, id: string) {
  return db
    .selectFrom('questions as q')
    .innerJoin('course_books as b', 'b.id', 'q.book_id')
    .selectAll('q')
    .where('b.org_id', ownerIs(owner), owner)
    .where('q.id', '=', id)
    .executeTakeFirst();
}

export async function updateQuestion(db: Db, id: string, values: Updateable<QuestionsTable>): Promise<void> {
  await db.updateTable('questions').set(values).where('id', '=', id).execute();
}
