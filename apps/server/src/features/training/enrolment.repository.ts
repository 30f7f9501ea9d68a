import crypto from 'node:crypto';
import type { Db } from '../../infra/database.js';

/**
 * Enrols a person in a class: the member row, a course record per class course and a
 * courseware record per unit, all at once, so every later query can join on them.
 * Idempotent: an existing enrolment is returned as it is.
 */
export async function enrolPerson(db: Db, classId: string, personId: string, now: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('train_persons')
      .select('id')
      .where('class_id', '=', classId)
      .where('person_id', '=', personId)
      .executeTakeFirst();
    if (existing) return existing.id;
    const trainPersonId = crypto.randomUUID();
    await trx
      .insertInto('train_persons')
      .values({ id: trainPersonId, class_id: classId, person_id: personId, joined_at: now })
      .execute();
    const courses = await trx
      .selectFrom('train_class_courses')
      .select(['id', 'book_id'])
      .where('class_id', '=', classId)
      .execute();
    for (const course of courses) {
      await trx
        .insertInto('train_person_courses')
        .values({
          id: crypto.randomUUID(),
          train_person_id: trainPersonId,
          class_course_id: course.id,
          book_id: course.book_id,
          sys_score: null,
          sys_comments: null,
          start_time: null,
          last_learn_date: null,
          end_time: null,
        })
        .execute();
      const warps = await trx.selectFrom('course_warps').select('id').where('book_id', '=', course.book_id).execute();
      if (warps.length === 0) continue;
      await trx
        .insertInto('train_warp_courses')
        .values(
          warps.map((w) => ({
            id: crypto.randomUUID(),
            train_person_id: trainPersonId,
            class_course_id: course.id,
            book_id: course.book_id,
            warp_id: w.id,
            sys_comments: null,
            start_time: null,
            last_learn_date: null,
            end_time: null,
          })),
        )
        .execute();
    }
    return trainPersonId;
  });
}
