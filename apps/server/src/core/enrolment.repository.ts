import type { Db } from '../infra/database.js';

/**
 * Whether a person studies a course book in any of their classes: the learners of a course
 * are who may review it, discuss it and practise its questions.
 */
export async function studiesBook(db: Db, personId: string, bookId: string): Promise<boolean> {
  const row = await db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
    .select('pc.id')
    .where('tp.person_id', '=', personId)
    .where('pc.book_id', '=', bookId)
    .executeTakeFirst();
  return Boolean(row);
}
