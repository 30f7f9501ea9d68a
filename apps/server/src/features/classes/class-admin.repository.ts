import type { IdCardIndex } from '../../core/person.repository.js';
import { personTextMatch } from '../../core/person-search.js';
import { LearnStatus } from '@anxun/shared/constants';
import type { Insertable, Updateable } from 'kysely';
import { selectBooksOfOrg } from '../../core/catalogue.repository.js';
import { removeCourseRecords } from '../../core/training-records.repository.js';
import { creditStands, findVoidWindowsOfClass } from '../../core/void-windows.js';
import type { Db, Dialect } from '../../infra/database.js';
import type { TrainClassCoursesTable, TrainClassesTable } from '../../infra/db-schema.js';

/**
 * Classes and their courses as the console writes them: this module owns the writes of
 * train_classes and train_class_courses (memberships and their records are
 * core/training-records.repository's).
 */
export async function findClassOfOrg(db: Db, orgId: string, id: string) {
  return db.selectFrom('train_classes').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}
export type ClassRow = NonNullable<Awaited<ReturnType<typeof findClassOfOrg>>>;

/**
 * The class, its row locked for the rest of the transaction (PostgreSQL; SQLite has one
 * writer already): an enrolment and a close of one class run one after the other, so nobody
 * joins a class that closed meanwhile.
 */
export async function lockClassOfOrg(db: Db, dialect: Dialect, orgId: string, id: string) {
  const q = db.selectFrom('train_classes').selectAll().where('org_id', '=', orgId).where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

export async function findClassesOfOrg(
  db: Db,
  orgId: string,
  filter: { q?: string | undefined; status?: 'open' | 'closed' | undefined; offset: number; limit: number },
) {
  let q = db.selectFrom('train_classes').where('org_id', '=', orgId);
  const text = filter.q?.trim().replace(/[%_\\]/g, '');
  if (text) q = q.where('name', 'like', `%${text}%`);
  if (filter.status === 'open') q = q.where('closed_at', 'is', null);
  if (filter.status === 'closed') q = q.where('closed_at', 'is not', null);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Each class's courses with their books' names and unit counts, in order. */
export async function findClassCourses(db: Db, classIds: string[]) {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('train_class_courses as cc')
    .innerJoin('course_books as b', 'b.id', 'cc.book_id')
    .select((eb) => [
      'cc.id',
      'cc.class_id',
      'cc.book_id',
      'cc.sort_order',
      'cc.class_hours',
      'b.name',
      eb
        .selectFrom('course_warps as w')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('w.book_id', '=', 'cc.book_id')
        .as('unit_count'),
      eb
        .selectFrom('questions as q')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('q.book_id', '=', 'cc.book_id')
        .where('q.retired_at', 'is', null)
        .as('question_count'),
    ])
    .where('cc.class_id', 'in', classIds)
    .orderBy('cc.sort_order')
    .execute();
}

export async function countMembers(db: Db, classIds: string[]): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('train_persons')
    .select((eb) => ['class_id', eb.fn.countAll<number>().as('n')])
    .where('class_id', 'in', classIds)
    .groupBy('class_id')
    .execute();
  return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
}

/** Course books a class of this organisation may use: what its learners may see (the catalogue). */
export async function findBooksForOrg(db: Db, dialect: Dialect, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const q = selectBooksOfOrg(db, orgId)
    .select(['b.id', 'b.name', 'b.class_hours'])
    .where('b.id', 'in', ids)
    .orderBy('b.id');
  // FOR SHARE: a book cannot go back to draft while a class is taking it (PostgreSQL; SQLite has one writer)
  return (dialect === 'postgres' ? q.forShare() : q).execute();
}

export async function insertClass(db: Db, row: Insertable<TrainClassesTable>): Promise<void> {
  await db.insertInto('train_classes').values(row).execute();
}

export async function updateClassRow(db: Db, id: string, values: Updateable<TrainClassesTable>): Promise<void> {
  await db.updateTable('train_classes').set(values).where('id', '=', id).execute();
}

export async function insertClassCourses(db: Db, rows: Array<Insertable<TrainClassCoursesTable>>): Promise<void> {
  if (rows.length > 0) await db.insertInto('train_class_courses').values(rows).execute();
}

export async function setCourseOrder(db: Db, id: string, sortOrder: number): Promise<void> {
  await db.updateTable('train_class_courses').set({ sort_order: sortOrder }).where('id', '=', id).execute();
}

/** Whether any member has studied, been checked or examined in these class courses. */
export async function courseHasActivity(db: Db, classCourseIds: string[]): Promise<boolean> {
  if (classCourseIds.length === 0) return false;
  const [studied, examined] = await Promise.all([
    db
      .selectFrom('train_warp_courses')
      .select('id')
      .where('class_course_id', 'in', classCourseIds)
      .where((eb) => eb.or([eb('study_length', '>', 0), eb('study_count', '>', 0)]))
      .executeTakeFirst(),
    db.selectFrom('exam_attempts').select('id').where('class_course_id', 'in', classCourseIds).executeTakeFirst(),
  ]);
  return Boolean(studied || examined);
}

/** Removes class courses nobody has studied, with their (untouched) records. */
export async function deleteClassCourses(db: Db, classCourseIds: string[]): Promise<void> {
  if (classCourseIds.length === 0) return;
  await removeCourseRecords(db, classCourseIds);
  await db.deleteFrom('train_class_courses').where('id', 'in', classCourseIds).execute();
}

export async function findMemberIds(db: Db, classId: string) {
  return db.selectFrom('train_persons').select(['id', 'person_id']).where('class_id', '=', classId).execute();
}

/** Learners of the organisation by id or by department, with whether each is disabled or awaiting approval. */
export async function findEnrollableLearners(
  db: Db,
  orgId: string,
  by: { personIds?: string[] | undefined; departmentIds?: string[] | undefined },
) {
  let q = db
    .selectFrom('persons')
    .select(['id', 'disabled_at', 'pending_since'])
    .where('org_id', '=', orgId)
    .where('role', '=', 'learner');
  q = q.where((eb) =>
    eb.or([
      ...(by.personIds?.length ? [eb('id', 'in', by.personIds)] : []),
      ...(by.departmentIds?.length ? [eb('department_id', 'in', by.departmentIds)] : []),
    ]),
  );
  return q.execute();
}

/** A page of a class's members with their progress over its courses. */
export async function findMembers(
  db: Db,
  ids: IdCardIndex,
  classId: string,
  filter: { q?: string | undefined; offset: number; limit: number },
) {
  let q = db
    .selectFrom('train_persons as tp')
    .innerJoin('persons as p', 'p.id', 'tp.person_id')
    .leftJoin('departments as d', 'd.id', 'p.department_id')
    .where('tp.class_id', '=', classId);
  const text = filter.q?.trim();
  if (text) q = q.where(personTextMatch(text, ids));
  const voids = await findVoidWindowsOfClass(db, classId);
  const [rows, count] = await Promise.all([
    q
      .select((eb) => [
        'tp.id as train_person_id',
        'tp.person_id',
        'tp.joined_at',
        'p.name',
        'p.id_card_enc',
        'p.department_id',
        'd.name as department_name',
        eb
          .selectFrom('train_person_courses as pc')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('pc.train_person_id', '=', 'tp.id')
          .where('pc.learn_status', '=', LearnStatus.COMPLETED)
          .as('courses_done'),
        eb
          .selectFrom('train_person_courses as pc')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('pc.train_person_id', '=', 'tp.id')
          .as('course_count'),
        eb
          .selectFrom('train_warp_courses as wc')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('wc.study_length'), e.lit(0)).as('s'))
          .whereRef('wc.train_person_id', '=', 'tp.id')
          .as('studied_seconds'),
        // the last credited moment that stands, as the reports have it (a refused report is
        // not study, nor credit a void took back)
        eb
          .selectFrom('study_events as e')
          .innerJoin('train_warp_courses as wc', 'wc.id', 'e.warp_course_id')
          .select((e) => e.fn.max('e.created_at').as('m'))
          .whereRef('wc.train_person_id', '=', 'tp.id')
          .where(creditStands(voids, { event: 'e', unit: 'wc' }))
          .as('last_study_at'),
      ])
      .orderBy('tp.joined_at', 'desc')
      .orderBy('tp.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Of these memberships, those with study, a face check or an exam on record (成员's 移出 is not offered them). */
export async function findMembersWithActivity(db: Db, trainPersonIds: readonly string[]): Promise<Set<string>> {
  if (trainPersonIds.length === 0) return new Set();
  const ids = [...trainPersonIds];
  const [studied, checked, examined] = await Promise.all([
    db
      .selectFrom('train_warp_courses')
      .select('train_person_id')
      .distinct()
      .where('train_person_id', 'in', ids)
      .where((eb) => eb.or([eb('study_length', '>', 0), eb('study_count', '>', 0)]))
      .execute(),
    db.selectFrom('face_checks').select('train_person_id').distinct().where('train_person_id', 'in', ids).execute(),
    db.selectFrom('exam_attempts').select('train_person_id').distinct().where('train_person_id', 'in', ids).execute(),
  ]);
  return new Set([...studied, ...checked, ...examined].flatMap((r) => (r.train_person_id ? [r.train_person_id] : [])));
}

/** A member with nothing on record (no study, no check, no exam) may leave the class. */
export async function memberHasActivity(db: Db, trainPersonId: string): Promise<boolean> {
  return (await findMembersWithActivity(db, [trainPersonId])).has(trainPersonId);
}

/**
 * The organisation's learners holding any of these ID numbers (by blind index) or phones, in
 * chunks for long lists.
 */
export async function findLearnersByIdentity(
  db: Db,
  orgId: string,
  values: { idCardIndexes: string[]; phones: string[] },
) {
  const found = [];
  for (const [column, list] of [
    ['id_card_index', [...new Set(values.idCardIndexes)]],
    ['phone', [...new Set(values.phones)]],
  ] as const) {
    for (let i = 0; i < list.length; i += 500) {
      const chunk = list.slice(i, i + 500);
      found.push(
        ...(await db
          .selectFrom('persons')
          .select(['id', 'name', 'id_card_index', 'phone', 'disabled_at', 'pending_since'])
          .where('org_id', '=', orgId)
          .where('role', '=', 'learner')
          .where(column, 'in', chunk)
          .execute()),
      );
    }
  }
  return found;
}
