import type { Insertable } from 'kysely';
import { selectBooksOfOrg } from '../../core/catalogue.repository.js';
import type { Db } from '../../infra/database.js';
import type { CourseAnswersTable } from '../../infra/db-schema.js';

/**
 * An organisation's reviews of the books it sees: written by its own people — a platform book
 * several organisations share shows each only its own learners' (their words about their
 * training are not another company's to read).
 */
function selectComments(db: Db, orgId: string, filter: { bookId?: string; minRating?: number }) {
  let q = selectBooksOfOrg(db, orgId)
    .innerJoin('course_comments as c', 'c.book_id', 'b.id')
    .innerJoin('persons as p', 'p.id', 'c.person_id')
    .where('p.org_id', '=', orgId);
  if (filter.bookId) q = q.where('b.id', '=', filter.bookId);
  if (filter.minRating) q = q.where('c.rating', '>=', filter.minRating);
  return q;
}

const commentColumns = [
  'c.id',
  'c.book_id',
  'b.name as book_name',
  'c.person_id',
  'p.name as author_name',
  'c.rating',
  'c.content',
  'c.created_at',
  'c.updated_at',
] as const;

export async function findComments(
  db: Db,
  orgId: string,
  filter: { bookId?: string; minRating?: number; offset: number; limit: number },
) {
  const q = selectComments(db, orgId, filter);
  const [rows, summary] = await Promise.all([
    q
      .select(commentColumns)
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.avg<number>('c.rating').as('average')])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(summary.n), average: Number(summary.average ?? 0) };
}

export type CommentRow = Awaited<ReturnType<typeof findComments>>['rows'][number];

/** The person's one comment on a book: a new one, or the old one replaced. */
export async function saveComment(
  db: Db,
  row: { id: string; book_id: string; person_id: string; rating: number; content: string; now: number },
): Promise<void> {
  await db
    .insertInto('course_comments')
    .values({
      id: row.id,
      book_id: row.book_id,
      person_id: row.person_id,
      rating: row.rating,
      content: row.content,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['book_id', 'person_id'])
        .doUpdateSet({ rating: row.rating, content: row.content, updated_at: row.now }),
    )
    .execute();
}

export async function findCommentOfPerson(db: Db, bookId: string, personId: string) {
  return db
    .selectFrom('course_comments as c')
    .innerJoin('course_books as b', 'b.id', 'c.book_id')
    .innerJoin('persons as p', 'p.id', 'c.person_id')
    .select(commentColumns)
    .where('c.book_id', '=', bookId)
    .where('c.person_id', '=', personId)
    .executeTakeFirst();
}

export async function deleteCommentOfPerson(db: Db, id: string, personId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('course_comments')
    .where('id', '=', id)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const answerColumns = [
  'a.id',
  'a.book_id',
  'a.parent_id',
  'a.person_id',
  'p.name as author_name',
  'a.content',
  'a.created_at',
  'a.updated_at',
  'a.deleted_at',
] as const;

/**
 * A page of a book's questions asked in the organisation (a shared platform book's are each
 * organisation's own), newest first, with their answers. A deleted question stays in the list
 * only while it has live answers.
 */
export async function findThreads(db: Db, orgId: string, bookId: string, offset: number, limit: number) {
  const threads = db
    .selectFrom('course_answers as a')
    .innerJoin('persons as p', 'p.id', 'a.person_id')
    .where('a.book_id', '=', bookId)
    .where('p.org_id', '=', orgId)
    .where('a.parent_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('a.deleted_at', 'is', null),
        eb.exists(
          eb
            .selectFrom('course_answers as r')
            .select('r.id')
            .whereRef('r.parent_id', '=', 'a.id')
            .where('r.deleted_at', 'is', null),
        ),
      ]),
    );
  const [questions, count] = await Promise.all([
    threads.select(answerColumns).orderBy('a.created_at', 'desc').orderBy('a.id').offset(offset).limit(limit).execute(),
    threads.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const replies =
    questions.length === 0
      ? []
      : await db
          .selectFrom('course_answers as a')
          .innerJoin('persons as p', 'p.id', 'a.person_id')
          .select(answerColumns)
          .where(
            'a.parent_id',
            'in',
            questions.map((q) => q.id),
          )
          // (answers given by another organisation's learner before threads were kept apart)
          .where('p.org_id', '=', orgId)
          .where('a.deleted_at', 'is', null)
          .orderBy('a.created_at')
          .orderBy('a.id')
          .execute();
  return { questions, replies, total: Number(count.n) };
}

export type AnswerRow = Awaited<ReturnType<typeof findThreads>>['questions'][number];

export async function findAnswer(db: Db, id: string) {
  return db
    .selectFrom('course_answers as a')
    .innerJoin('persons as p', 'p.id', 'a.person_id')
    .select([...answerColumns, 'p.org_id as author_org_id'])
    .where('a.id', '=', id)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertAnswer(db: Db, row: Insertable<CourseAnswersTable>): Promise<void> {
  await db.insertInto('course_answers').values(row).execute();
}

export async function updateAnswerOfPerson(
  db: Db,
  id: string,
  personId: string,
  content: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('course_answers')
    .set({ content, updated_at: now })
    .where('id', '=', id)
    .where('person_id', '=', personId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Soft: the text goes, the row stays so answers to a question keep their place. */
export async function deleteAnswerOfPerson(db: Db, id: string, personId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('course_answers')
    .set({ content: '', deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('person_id', '=', personId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
