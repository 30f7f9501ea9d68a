import { personTextMatch } from '../../core/person-search.js';
import { LearnStatus, Role } from '@anxun/shared/constants';
import { sql, type ExpressionBuilder } from 'kysely';
import { COPY_REFUSALS, checkState } from '../../core/face-check-state.js';
import { creditStands, findVoidWindows } from '../../core/void-windows.js';
import type { Db } from '../../infra/database.js';
import type { IdCardIndex } from '../../core/person.repository.js';
import type { Database } from '../../infra/db-schema.js';
import type { MemberStatus } from '@anxun/shared/schemas/reports';
import { HOURS_GRACE_SECONDS } from '../../core/course-completion.js';

/**
 * The reports' reads (issue: Console III). This module writes nothing: it reads the tables the
 * training, identity, exams and certificates features own. Credited time is always summed from
 * study_events, the append-only record of every credit decision.
 */

/** Credited study in [from, to) when given. */
export interface TimeRange {
  from?: number | undefined;
  to?: number | undefined;
}

export async function findClassOfOrg(db: Db, orgId: string, classId: string) {
  const cls = await db
    .selectFrom('train_classes')
    .select(['id', 'name', 'rules'])
    .where('org_id', '=', orgId)
    .where('id', '=', classId)
    .executeTakeFirst();
  if (!cls) return undefined;
  const [courses, members] = await Promise.all([
    db
      .selectFrom('train_class_courses')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('class_hours').as('hours')])
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('train_persons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...cls,
    courseCount: Number(courses.n),
    requiredHours: Number(courses.hours ?? 0),
    memberCount: Number(members.n),
  };
}

/** How a class was set up: its dates, teacher, rules and courses (with their units), for its archive. */
export async function findClassSetup(db: Db, classId: string) {
  const cls = await db
    .selectFrom('train_classes')
    .select(['id', 'name', 'teacher', 'start_date', 'end_date', 'rules', 'created_at', 'closed_at'])
    .where('id', '=', classId)
    .executeTakeFirstOrThrow();
  const courses = await db
    .selectFrom('train_class_courses as cc')
    .innerJoin('course_books as b', 'b.id', 'cc.book_id')
    .select((eb) => [
      'cc.id',
      'cc.book_id',
      'b.name',
      'cc.class_hours',
      'cc.sort_order',
      eb
        .selectFrom('course_warps as w')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('w.book_id', '=', 'cc.book_id')
        .as('unit_count'),
    ])
    .where('cc.class_id', '=', classId)
    .orderBy('cc.sort_order')
    .execute();
  return { cls, courses };
}

/**
 * A membership with a course not yet completed / with a course begun / with a course whose
 * study is not done yet (a unit not watched through, or its 学时 short: `isCourseComplete`'s
 * rule without the exam) — its state over its courses, or over the one course given.
 */
const hasCourse =
  (status: 'unfinished' | 'begun' | 'studying', classCourseId: string | undefined, secondsPerClassHour?: number) =>
  (eb: ExpressionBuilder<Database, 'train_persons'>) => {
    let courses = eb
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
      .select('pc.id')
      .whereRef('pc.train_person_id', '=', 'train_persons.id')
      .where('pc.learn_status', '!=', status === 'begun' ? LearnStatus.NOT_STARTED : LearnStatus.COMPLETED);
    if (status === 'studying') {
      if (secondsPerClassHour === undefined) throw new Error('hasCourse studying: secondsPerClassHour is needed');
      courses = courses.where((c) => {
        const units = c
          .selectFrom('train_warp_courses as w')
          .select('w.id')
          .whereRef('w.train_person_id', '=', 'pc.train_person_id')
          .whereRef('w.class_course_id', '=', 'pc.class_course_id');
        return c.or([
          c('pc.studied_seconds', '<', sql<number>`cc.class_hours * ${secondsPerClassHour} - ${HOURS_GRACE_SECONDS}`),
          c.exists(units.where('w.learn_status', '!=', LearnStatus.COMPLETED)),
          c.not(c.exists(units)),
        ]);
      });
    }
    if (classCourseId) courses = courses.where('pc.class_course_id', '=', classCourseId);
    return eb.exists(courses);
  };

export async function findClassMembers(
  db: Db,
  ids: IdCardIndex,
  classId: string,
  filter: {
    departmentIds?: string[] | undefined;
    classCourseId?: string | undefined;
    status?: MemberStatus | undefined;
    q?: string | undefined;
    /** one member alone */
    trainPersonId?: string | undefined;
    offset: number;
    limit: number;
    /** for 学习中 and 待考试: when a course's 学时 are met */
    secondsPerClassHour: number;
  },
) {
  let q = db
    .selectFrom('train_persons')
    .innerJoin('persons as p', 'p.id', 'train_persons.person_id')
    .leftJoin('departments as d', 'd.id', 'p.department_id')
    .where('train_persons.class_id', '=', classId);
  if (filter.departmentIds) q = q.where('p.department_id', 'in', filter.departmentIds);
  if (filter.trainPersonId) q = q.where('train_persons.id', '=', filter.trainPersonId);
  const text = filter.q?.trim();
  if (text) q = q.where(personTextMatch(text, ids));
  const course = filter.classCourseId;
  if (filter.status === 'done') {
    q = q.where((eb) => eb.and([eb.not(hasCourse('unfinished', course)(eb)), hasCourse('begun', course)(eb)]));
  }
  if (filter.status === 'not-started') q = q.where((eb) => eb.not(hasCourse('begun', course)(eb)));
  // 学习中: begun, with a course whose study is not done; 待考试: every course not completed
  // has its study done (its exam is what is left)
  if (filter.status === 'studying') {
    q = q.where((eb) =>
      eb.and([hasCourse('begun', course)(eb), hasCourse('studying', course, filter.secondsPerClassHour)(eb)]),
    );
  }
  if (filter.status === 'exam-due') {
    q = q.where((eb) =>
      eb.and([
        hasCourse('unfinished', course)(eb),
        eb.not(hasCourse('studying', course, filter.secondsPerClassHour)(eb)),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .select([
        'train_persons.id as train_person_id',
        'p.id as person_id',
        'p.name',
        'p.id_card_enc',
        'p.phone',
        'p.org_id',
        'p.department_id',
        'p.disabled_at',
        'd.name as department_name',
      ])
      .orderBy('p.name')
      .orderBy('train_persons.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Each membership's course records (of one course, when given). */
export async function findCourseRecords(db: Db, trainPersonIds: string[], classCourseId?: string) {
  if (trainPersonIds.length === 0) return [];
  let q = db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
    .innerJoin('course_books as b', 'b.id', 'cc.book_id')
    .select([
      'pc.id',
      'pc.train_person_id',
      'pc.class_course_id',
      'pc.learn_status',
      'pc.exam_passed_at',
      'pc.extra_attempts',
      'pc.sys_score',
      'pc.studied_seconds',
      'c.rules',
      'cc.class_hours',
      'cc.sort_order',
      'b.name as course_name',
    ])
    // its units, and how many are watched through (待考试 is a course studied to its end)
    .select((eb) => [
      eb
        .selectFrom('train_warp_courses as w')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('w.train_person_id', '=', 'pc.train_person_id')
        .whereRef('w.class_course_id', '=', 'pc.class_course_id')
        .as('units_total'),
      eb
        .selectFrom('train_warp_courses as w')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('w.train_person_id', '=', 'pc.train_person_id')
        .whereRef('w.class_course_id', '=', 'pc.class_course_id')
        .where('w.learn_status', '=', LearnStatus.COMPLETED)
        .as('units_completed'),
    ])
    .where('pc.train_person_id', 'in', trainPersonIds);
  if (classCourseId) q = q.where('pc.class_course_id', '=', classCourseId);
  return q.orderBy('cc.sort_order').execute();
}

/** Credited seconds per membership from study_events (in the range), and the last credited moment that stands (ever). */
export async function sumCreditByMember(db: Db, trainPersonIds: string[], range: TimeRange, classCourseId?: string) {
  const byMember = new Map<string, { seconds: number; courseSeconds: number[]; last: number | null }>();
  for (const r of await sumCreditByCourse(db, trainPersonIds, range)) {
    if (classCourseId && r.class_course_id !== classCourseId) continue;
    const sum = byMember.get(r.train_person_id) ?? { seconds: 0, courseSeconds: [], last: null };
    sum.seconds += Number(r.seconds ?? 0);
    sum.courseSeconds.push(Number(r.seconds ?? 0));
    if (r.last !== null && (sum.last === null || Number(r.last) > sum.last)) sum.last = Number(r.last);
    byMember.set(r.train_person_id, sum);
  }
  return byMember;
}

/** Credited seconds per membership and course from study_events (in the range), and the last credited moment that stands (ever). */
export async function sumCreditByCourse(db: Db, trainPersonIds: string[], range: TimeRange) {
  if (trainPersonIds.length === 0) return [];
  const voids = await findVoidWindows(db, trainPersonIds);
  return db
    .selectFrom('study_events as e')
    .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
    .select((eb) => [
      'w.train_person_id',
      'w.class_course_id',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([
                eb('e.created_at', '>=', range.from ?? 0),
                eb('e.created_at', '<', range.to ?? Number.MAX_SAFE_INTEGER),
              ]),
            )
            .then(eb.ref('e.credited_seconds'))
            .else(0)
            .end(),
        )
        .as('seconds'),
      eb.fn.max<number>(eb.case().when(creditStands(voids)).then(eb.ref('e.created_at')).end()).as('last'),
    ])
    .where('w.train_person_id', 'in', trainPersonIds)
    .groupBy(['w.train_person_id', 'w.class_course_id'])
    .execute();
}

export async function countExamAttempts(db: Db, trainPersonIds: string[], classCourseId?: string) {
  if (trainPersonIds.length === 0) return new Map<string, number>();
  let q = db
    .selectFrom('exam_attempts')
    .select((eb) => ['train_person_id', eb.fn.countAll<number>().as('n')])
    .where('train_person_id', 'in', trainPersonIds)
    // a voided attempt is not a try (core/exam-void)
    .where('voided_at', 'is', null);
  if (classCourseId) q = q.where('class_course_id', '=', classCourseId);
  const rows = await q.groupBy('train_person_id').execute();
  return new Map(rows.map((r) => [r.train_person_id, Number(r.n)]));
}

/** Exam attempts per membership and course ('trainPersonId|classCourseId' → how many). */
export async function countExamAttemptsByCourse(db: Db, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('exam_attempts')
    .select((eb) => ['train_person_id', 'class_course_id', eb.fn.countAll<number>().as('n')])
    .where('train_person_id', 'in', trainPersonIds)
    .where('voided_at', 'is', null)
    .groupBy(['train_person_id', 'class_course_id'])
    .execute();
  return new Map(rows.map((r) => [`${r.train_person_id}|${r.class_course_id}`, Number(r.n)]));
}

/** A face check (aliased `f`) that fell due at one of this course's units. */
const checkOfCourse = (classCourseId: string) =>
  sql<boolean>`exists (select 1 from train_warp_courses w where w.id = f.warp_course_id and w.class_course_id = ${classCourseId})`;

/** Face checks by state as of `now` (core/face-check-state); with a course, those that fell due at its units. */
export async function countChecksByStatus(db: Db, trainPersonIds: string[], now: number, classCourseId?: string) {
  if (trainPersonIds.length === 0) return [];
  let q = db
    .selectFrom('face_checks as f')
    .select((eb) => ['f.train_person_id', checkState(now).as('status'), eb.fn.countAll<number>().as('n')])
    .where('f.train_person_id', 'in', trainPersonIds);
  if (classCourseId) q = q.where(checkOfCourse(classCourseId));
  return q.groupBy(['f.train_person_id', sql`2`]).execute();
}

/** Photos refused as copies (COPY_REFUSALS) per membership, optionally of one course's checks. */
export async function countRefusedCopiesByMember(db: Db, trainPersonIds: string[], classCourseId?: string) {
  const counts = new Map<string, number>();
  if (trainPersonIds.length === 0) return counts;
  let q = db
    .selectFrom('face_attempts as a')
    .innerJoin('face_checks as f', 'f.id', 'a.check_id')
    .select((eb) => ['f.train_person_id', eb.fn.countAll<number>().as('n')])
    .where('f.train_person_id', 'in', trainPersonIds)
    .where('a.reason', 'in', COPY_REFUSALS);
  if (classCourseId) q = q.where(checkOfCourse(classCourseId));
  for (const r of await q.groupBy('f.train_person_id').execute()) counts.set(r.train_person_id, Number(r.n));
  return counts;
}

/** The class's courses in order, by name. */
export async function findClassCourseNames(db: Db, classId: string) {
  return db
    .selectFrom('train_class_courses as cc')
    .innerJoin('course_books as b', 'b.id', 'cc.book_id')
    .select(['cc.id', 'b.name'])
    .where('cc.class_id', '=', classId)
    .orderBy('cc.sort_order')
    .execute();
}

/** Each membership's certificates, newest first. */
export async function findCertificates(db: Db, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  return db
    .selectFrom('certificates')
    .select(['train_person_id', 'number', 'status', 'issued_at'])
    .where('train_person_id', 'in', trainPersonIds)
    .orderBy('issued_at', 'desc')
    .execute();
}

/** A person of the organisation with his department. */
export async function findPersonOfOrg(db: Db, orgId: string, personId: string) {
  return (
    db
      .selectFrom('persons as p')
      .leftJoin('departments as d', 'd.id', 'p.department_id')
      .select(['p.id', 'p.name', 'p.id_card_enc', 'p.phone', 'p.post', 'p.department_id', 'd.name as department_name'])
      .where('p.org_id', '=', orgId)
      // a learner's file: not a fellow manager's, nor the operator's
      .where('p.role', '=', Role.LEARNER)
      .where('p.id', '=', personId)
      .executeTakeFirst()
  );
}

export async function findMemberships(db: Db, orgId: string, personId: string) {
  return db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select(['tp.id', 'tp.class_id', 'tp.joined_at', 'c.name as class_name'])
    .where('tp.person_id', '=', personId)
    .where('c.org_id', '=', orgId)
    .orderBy('tp.joined_at', 'desc')
    .execute();
}

/** Each membership's unit records with the unit's title and length, in course and unit order. */
export async function findUnitRecords(db: Db, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  return db
    .selectFrom('train_warp_courses as w')
    .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
    .innerJoin('train_class_courses as cc', 'cc.id', 'w.class_course_id')
    .select([
      'w.id',
      'w.train_person_id',
      'w.class_course_id',
      'w.learn_status',
      'w.study_count',
      'cw.title',
      'cw.duration_seconds',
    ])
    .where('w.train_person_id', 'in', trainPersonIds)
    .orderBy('cc.sort_order')
    .orderBy('cw.sort_order')
    .execute();
}

/**
 * Per unit record of these memberships: credited seconds and the first and last credited
 * moments that stand (no void took them back), from study_events. Bound by memberships (a page of them), never by a list of unit
 * records, which for a large class would pass the databases' limit on bound parameters.
 */
/** When a study event's credited stretch began (aliased `e`): the report is written at its end. */
const stretchStart = sql<number>`cast(e.created_at - e.credited_seconds * 1000 as bigint)`;

export async function sumCreditByUnit(db: Db, trainPersonIds: string[], range: TimeRange = {}) {
  if (trainPersonIds.length === 0) return [];
  const voids = await findVoidWindows(db, trainPersonIds);
  return db
    .selectFrom('study_events as e')
    .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
    .select((eb) => [
      'e.warp_course_id',
      // every event: a voided check's compensations are negative
      eb.fn.sum<number>('e.credited_seconds').as('seconds'),
      // a report is written as its stretch ends: the study began its credited seconds earlier
      eb.fn.min<number>(eb.case().when(creditStands(voids)).then(stretchStart).end()).as('first'),
      eb.fn.max<number>(eb.case().when(creditStands(voids)).then(eb.ref('e.created_at')).end()).as('last'),
    ])
    .where('w.train_person_id', 'in', trainPersonIds)
    .$if(range.from !== undefined, (q) => q.where('e.created_at', '>=', range.from!))
    .$if(range.to !== undefined, (q) => q.where('e.created_at', '<', range.to!))
    .groupBy('e.warp_course_id')
    .execute();
}

/** Per unit record of these memberships: how many reports earned nothing, by reason. */
export async function countRefusalsByUnit(db: Db, trainPersonIds: string[], range: TimeRange = {}) {
  if (trainPersonIds.length === 0) return [];
  return db
    .selectFrom('study_events as e')
    .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
    .select((eb) => ['e.warp_course_id', 'e.refusal', eb.fn.countAll<number>().as('n')])
    .where('w.train_person_id', 'in', trainPersonIds)
    .where('e.refusal', 'is not', null)
    .$if(range.from !== undefined, (q) => q.where('e.created_at', '>=', range.from!))
    .$if(range.to !== undefined, (q) => q.where('e.created_at', '<', range.to!))
    .groupBy(['e.warp_course_id', 'e.refusal'])
    .execute();
}

export async function findChecks(db: Db, trainPersonIds: string[], now: number) {
  if (trainPersonIds.length === 0) return [];
  return (
    db
      .selectFrom('face_checks as f')
      .leftJoin('train_warp_courses as w', 'w.id', 'f.warp_course_id')
      .leftJoin('course_warps as cw', 'cw.id', 'w.warp_id')
      // 核验审核's word on it: who, when, why, and what a void took back
      .leftJoin('face_check_reviews as r', 'r.check_id', 'f.id')
      .leftJoin('persons as rp', 'rp.id', 'r.reviewed_by')
      .select((eb) => [
        'f.id',
        'f.train_person_id',
        'f.kind',
        checkState(now).as('status'),
        'f.due_at',
        'f.passed_at',
        'f.best_score',
        'cw.title as unit_title',
        'r.decision as review_decision',
        'r.reason as review_reason',
        'r.voided_seconds as review_voided_seconds',
        'r.reviewed_at',
        'rp.name as reviewer_name',
        eb
          .selectFrom('face_attempts as a')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('a.check_id', '=', 'f.id')
          .as('attempt_count'),
      ])
      .where('f.train_person_id', 'in', trainPersonIds)
      .orderBy('f.due_at')
      .execute()
  );
}

export async function findAttempts(db: Db, trainPersonIds: string[]) {
  if (trainPersonIds.length === 0) return [];
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('train_class_courses as cc', 'cc.id', 'a.class_course_id')
    .innerJoin('course_books as b', 'b.id', 'cc.book_id')
    .select([
      'a.id',
      'a.train_person_id',
      'a.class_course_id',
      'a.status',
      'a.started_at',
      'a.submitted_at',
      'a.score',
      'a.total_score',
      'a.pass_score',
      'a.passed',
      'a.voided_at',
      'b.name as course_name',
    ])
    .where('a.train_person_id', 'in', trainPersonIds)
    .orderBy('a.started_at')
    .execute();
}

/** Learners of the organisation per department (null: none), waiting registrations left out. */
export async function countLearnersByDepartment(db: Db, orgId: string) {
  return db
    .selectFrom('persons')
    .select((eb) => ['department_id', eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('role', '=', Role.LEARNER)
    .where('pending_since', 'is', null)
    .groupBy('department_id')
    .execute();
}

/** Memberships per department of their learner: how many, and how many completed every course. */
export async function countMembershipsByDepartment(db: Db, orgId: string, classId: string | undefined) {
  let q = db
    .selectFrom('train_persons')
    .innerJoin('train_classes as c', 'c.id', 'train_persons.class_id')
    .innerJoin('persons as p', 'p.id', 'train_persons.person_id')
    .where('c.org_id', '=', orgId);
  if (classId) q = q.where('c.id', '=', classId);
  return q
    .select((eb) => [
      'p.department_id',
      eb.fn.countAll<number>().as('enrolled'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb.not(hasCourse('unfinished', undefined)(eb)), hasCourse('begun', undefined)(eb)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('completed'),
    ])
    .groupBy('p.department_id')
    .execute();
}

/** Credited seconds per department of the learner, summed from study_events. */
export async function sumCreditByDepartment(db: Db, orgId: string, classId: string | undefined, range: TimeRange) {
  let q = db
    .selectFrom('study_events as e')
    .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
    .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .innerJoin('persons as p', 'p.id', 'tp.person_id')
    .where('c.org_id', '=', orgId)
    // every event: a voided check's compensations are negative
    .where('e.credited_seconds', '!=', 0);
  if (classId) q = q.where('c.id', '=', classId);
  if (range.from !== undefined) q = q.where('e.created_at', '>=', range.from);
  if (range.to !== undefined) q = q.where('e.created_at', '<', range.to);
  return q
    .select((eb) => ['p.department_id', eb.fn.sum<number>('e.credited_seconds').as('seconds')])
    .groupBy('p.department_id')
    .execute();
}

/** The photos taken for these checks (kept until their retention ends), newest first. */
export async function findCheckPhotos(db: Db, checkIds: string[]) {
  if (checkIds.length === 0) return [];
  return db
    .selectFrom('face_attempts')
    .select(['id', 'check_id', 'result', 'score', 'photo_key', 'photo_sha256', 'created_at'])
    .where('check_id', 'in', checkIds)
    .orderBy('created_at', 'desc')
    .execute();
}
