import type { Db } from '../../infra/database.js';

export async function findClassesOfPerson(db: Db, personId: string, offset: number, limit: number) {
  const base = db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .where('tp.person_id', '=', personId);
  const [rows, count] = await Promise.all([
    base
      .select(['tp.id as train_person_id', 'c.id as class_id', 'c.name', 'c.teacher', 'c.start_date', 'c.end_date'])
      .orderBy('tp.joined_at', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The course records of memberships, with their course books and unit counts. */
export async function findPersonCourses(db: Db, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  return db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .innerJoin('course_books as b', 'b.id', 'pc.book_id')
    .select((eb) => [
      'pc.id',
      'pc.train_person_id',
      'pc.class_course_id',
      'pc.book_id',
      'pc.learn_status',
      'pc.sys_score',
      'pc.sys_comments',
      'pc.studied_seconds',
      'pc.start_time',
      'pc.last_learn_date',
      'pc.end_time',
      'cc.class_hours',
      'cc.sort_order',
      'b.name',
      'b.intro',
      'b.teachers',
      eb
        .selectFrom('train_warp_courses as wc')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('wc.train_person_id', '=', 'pc.train_person_id')
        .whereRef('wc.class_course_id', '=', 'pc.class_course_id')
        .as('unit_count'),
      eb
        .selectFrom('train_warp_courses as wc')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('wc.train_person_id', '=', 'pc.train_person_id')
        .whereRef('wc.class_course_id', '=', 'pc.class_course_id')
        .where('wc.learn_status', '=', 2)
        .as('completed_units'),
    ])
    .where('pc.train_person_id', 'in', trainPersonIds)
    .orderBy('cc.sort_order')
    .execute();
}

export type PersonCourseRow = Awaited<ReturnType<typeof findPersonCourses>>[number];

export async function isMemberOf(db: Db, trainPersonId: string, personId: string): Promise<boolean> {
  const row = await db
    .selectFrom('train_persons')
    .select('id')
    .where('id', '=', trainPersonId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function findMembership(db: Db, classId: string, personId: string) {
  return db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select([
      'tp.id as train_person_id',
      'c.id as class_id',
      'c.name',
      'c.teacher',
      'c.start_date',
      'c.end_date',
      'c.rules',
    ])
    .where('tp.class_id', '=', classId)
    .where('tp.person_id', '=', personId)
    .executeTakeFirst();
}

export async function findNewestMembers(db: Db, classId: string, limit: number) {
  return db
    .selectFrom('train_persons as tp')
    .innerJoin('persons as p', 'p.id', 'tp.person_id')
    .select(['p.name', 'tp.joined_at'])
    .where('tp.class_id', '=', classId)
    .orderBy('tp.joined_at', 'desc')
    .limit(limit)
    .execute();
}

export async function countMembers(db: Db, classId: string): Promise<number> {
  const row = await db
    .selectFrom('train_persons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Credited study of the class's members since `since` (ms). */
export async function classActivity(db: Db, classId: string, since: number) {
  const row = await db
    .selectFrom('study_events as e')
    .innerJoin('train_warp_courses as wc', 'wc.id', 'e.warp_course_id')
    .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
    .select((eb) => [
      eb.fn.count<number>('e.person_id').distinct().as('learners'),
      eb.fn.coalesce(eb.fn.sum<number>('e.credited_seconds'), eb.val(0)).as('seconds'),
    ])
    .where('tp.class_id', '=', classId)
    .where('e.created_at', '>=', since)
    .where('e.credited_seconds', '>', 0)
    .executeTakeFirstOrThrow();
  return { activeLearners: Number(row.learners), studySeconds: Math.round(Number(row.seconds)) };
}
