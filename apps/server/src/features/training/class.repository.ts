import { LearnStatus } from '@anxun/shared/constants';
import type { Db } from '../../infra/database.js';

/** A learner's membership as 我的学习 shows it: the class, its teacher and its period. */
const membershipColumns = [
  'tp.id as train_person_id',
  'c.id as class_id',
  'c.name',
  'c.teacher',
  'c.start_date',
  'c.end_date',
  'c.closed_at',
  'c.rules',
] as const;

export async function findClassesOfPerson(db: Db, personId: string, offset: number, limit: number) {
  const base = db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .where('tp.person_id', '=', personId);
  const [rows, count] = await Promise.all([
    base.select(membershipColumns).orderBy('tp.joined_at', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Course records with their course books and unit counts. */
function selectPersonCourses(db: Db) {
  return db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .innerJoin('train_classes as cl', 'cl.id', 'cc.class_id')
    .innerJoin('course_books as b', 'b.id', 'pc.book_id')
    .select((eb) => [
      'pc.id',
      'pc.exam_passed_at',
      'pc.extra_attempts',
      'cl.rules as class_rules',
      'cl.closed_at as class_closed_at',
      'cl.start_date as class_start_date',
      'cl.end_date as class_end_date',
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
        .where('wc.learn_status', '=', LearnStatus.COMPLETED)
        .as('completed_units'),
      // the exam's tries used: a voided sitting is none (core/exam-void)
      eb
        .selectFrom('exam_attempts as ea')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ea.train_person_id', '=', 'pc.train_person_id')
        .whereRef('ea.class_course_id', '=', 'pc.class_course_id')
        .where('ea.voided_at', 'is', null)
        .as('exam_tries'),
    ]);
}

/** The course records of memberships. */
export async function findPersonCourses(db: Db, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  return selectPersonCourses(db).where('pc.train_person_id', 'in', trainPersonIds).orderBy('cc.sort_order').execute();
}

/** One course record, if it is this person's. */
export async function findPersonCourseOfPerson(db: Db, personCourseId: string, personId: string) {
  return selectPersonCourses(db)
    .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
    .where('pc.id', '=', personCourseId)
    .where('tp.person_id', '=', personId)
    .executeTakeFirst();
}

/** This person's course records of one course book, in every class that has it. */
export async function findPersonCoursesOfBook(db: Db, bookId: string, personId: string) {
  return selectPersonCourses(db)
    .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
    .where('pc.book_id', '=', bookId)
    .where('tp.person_id', '=', personId)
    .orderBy('tp.joined_at', 'desc')
    .execute();
}

/** A class's courses with their courseware units, in order. */
export async function findClassSyllabus(db: Db, classId: string) {
  return db
    .selectFrom('train_class_courses as cc')
    .innerJoin('course_books as b', 'b.id', 'cc.book_id')
    .leftJoin('course_warps as w', 'w.book_id', 'b.id')
    .select([
      'cc.id as class_course_id',
      'cc.class_hours',
      'cc.sort_order as course_order',
      'b.id as book_id',
      'b.name',
      'w.id as warp_id',
      'w.sort_order',
      'w.title',
      'w.kind',
      'w.duration_seconds',
    ])
    .where('cc.class_id', '=', classId)
    .orderBy('cc.sort_order')
    .orderBy('w.sort_order')
    .execute();
}

export type PersonCourseRow = Awaited<ReturnType<typeof findPersonCourses>>[number];

/** A membership (train person) by id, if it is this person's. */
export async function findMembershipById(db: Db, trainPersonId: string, personId: string) {
  return db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select(membershipColumns)
    .where('tp.id', '=', trainPersonId)
    .where('tp.person_id', '=', personId)
    .executeTakeFirst();
}

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
    .select([...membershipColumns, 'c.rules'])
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

/** The organisation's newest class members, across its classes. */
export async function findNewestMembersOfOrg(db: Db, orgId: string, limit: number) {
  return db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .innerJoin('persons as p', 'p.id', 'tp.person_id')
    .select(['p.name', 'c.name as class_name', 'tp.joined_at'])
    .where('c.org_id', '=', orgId)
    .orderBy('tp.joined_at', 'desc')
    .orderBy('tp.id')
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

/**
 * Credited study of the class's members since `since` (ms), net of what a voided face check
 * took back (its compensating events, negative): a learner whose credit was all taken back is
 * not active, and his seconds are not counted.
 */
export async function classActivity(db: Db, classId: string, since: number) {
  // each learner's net seconds, added up by the database: one row back, not one per learner
  const row = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('study_events as e')
        .innerJoin('train_warp_courses as wc', 'wc.id', 'e.warp_course_id')
        .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
        .select((eb) => ['e.person_id', eb.fn.sum<number>('e.credited_seconds').as('seconds')])
        .where('tp.class_id', '=', classId)
        .where('e.created_at', '>=', since)
        .where('e.credited_seconds', '!=', 0)
        .groupBy('e.person_id')
        .as('p'),
    )
    .select((eb) => [eb.fn.countAll<number>().as('learners'), eb.fn.sum<number>('p.seconds').as('seconds')])
    .where('p.seconds', '>', 0.0005) // a thousandth: what floating point leaves of credit taken back whole
    .executeTakeFirstOrThrow();
  return { activeLearners: Number(row.learners), studySeconds: Math.round(Number(row.seconds ?? 0)) };
}
