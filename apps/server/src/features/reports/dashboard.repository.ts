import { LearnStatus, Role } from '@anxun/shared/constants';
import { sql, type Expression } from 'kysely';
import type { Db } from '../../infra/database.js';
import { checkState } from '../../core/face-check-state.js';
import { selectBooksOfOrg } from '../../core/catalogue.repository.js';

/**
 * The dashboard's reads: figures of one organisation grouped by day, counted from the records
 * themselves (study_events, face_checks, exam_attempts, certificates), never from counters.
 * A day is 24 hours from `start` (the first day's midnight in the organisation's time zone).
 */
const DAY_MS = 86_400_000;
// an integer on both databases (better-sqlite3 binds numbers as REAL, so SQLite would divide as floats)
const dayIndex = (column: Expression<number>, start: number) =>
  sql<number>`cast((${column} - ${start}) / ${DAY_MS} as integer)`;

/**
 * Each day's credit, and its learners with credit standing that day: net of a voided check's
 * compensations (dated on the days they take back), so one whose day was all taken back is
 * not counted active on it.
 */
export async function creditByDay(db: Db, orgId: string, start: number) {
  return db
    .selectFrom((qb) =>
      qb
        .selectFrom('study_events as e')
        .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
        .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
        .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
        .select((eb) => [
          dayIndex(eb.ref('e.created_at'), start).as('d'),
          'e.person_id',
          eb.fn.sum<number>('e.credited_seconds').as('seconds'),
        ])
        .where('c.org_id', '=', orgId)
        .where('e.created_at', '>=', start)
        // credit and its compensations (a voided check's, negative)
        .where('e.credited_seconds', '!=', 0)
        .groupBy([sql`1`, 'e.person_id'])
        .as('p'),
    )
    .select((eb) => [
      'p.d',
      eb.fn.sum<number>('p.seconds').as('seconds'),
      // a thousandth of a second: what floating point leaves of credit taken back whole
      eb.fn.count<number>(eb.case().when('p.seconds', '>', 0.0005).then(eb.ref('p.person_id')).end()).as('learners'),
    ])
    .groupBy('p.d')
    .execute();
}

/**
 * Learners with credit standing from study since `start`, each once: net of a voided check's
 * compensations, as the class's 近7天学习 counts them (one whose credit was all taken back is
 * not active).
 */
export async function countActiveLearners(db: Db, orgId: string, start: number) {
  const row = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('study_events as e')
        .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
        .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
        .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
        .select((eb) => ['e.person_id', eb.fn.sum<number>('e.credited_seconds').as('seconds')])
        .where('c.org_id', '=', orgId)
        .where('e.created_at', '>=', start)
        .where('e.credited_seconds', '!=', 0)
        .groupBy('e.person_id')
        .as('p'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    // a thousandth of a second: what floating point leaves of credit taken back whole
    .where('p.seconds', '>', 0.0005)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Face checks by the day they fell due, and their state `now`. */
export async function checksByDay(db: Db, orgId: string, start: number, now: number) {
  return db
    .selectFrom('face_checks as f')
    .innerJoin('train_persons as tp', 'tp.id', 'f.train_person_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select((eb) => [
      dayIndex(eb.ref('f.due_at'), start).as('d'),
      checkState(now).as('status'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('c.org_id', '=', orgId)
    .where('f.due_at', '>=', start)
    .groupBy([sql`1`, sql`2`])
    .execute();
}

/** Exam attempts by the day they began, and how many of them passed (a voided one is neither: core/exam-void). */
export async function examsByDay(db: Db, orgId: string, start: number) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('train_persons as tp', 'tp.id', 'a.train_person_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select((eb) => [
      dayIndex(eb.ref('a.started_at'), start).as('d'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when('a.passed', '=', 1).then(1).else(0).end()).as('passed'),
    ])
    .where('c.org_id', '=', orgId)
    .where('a.started_at', '>=', start)
    .where('a.voided_at', 'is', null)
    .groupBy(sql`1`)
    .execute();
}

export async function certificatesByDay(db: Db, orgId: string, start: number) {
  return db
    .selectFrom('certificates')
    .select((eb) => [dayIndex(eb.ref('issued_at'), start).as('d'), eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('status', '=', 'valid') // standing ones: a revoked or withdrawn certificate is not counted
    .where('issued_at', '>=', start)
    .groupBy(sql`1`)
    .execute();
}

/** Open classes whose period has begun: their members, those done, and what they owe and have. */
export async function findRunningClasses(db: Db, orgId: string, now: number) {
  const classes = await db
    .selectFrom('train_classes as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.start_date',
      'c.end_date',
      eb
        .selectFrom('train_class_courses as cc')
        .select((s) => s.fn.sum<number>('cc.class_hours').as('h'))
        .whereRef('cc.class_id', '=', 'c.id')
        .as('required_hours'),
      eb
        .selectFrom('train_persons as tp')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('tp.class_id', '=', 'c.id')
        .as('members'),
      eb
        .selectFrom('train_persons as tp')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('tp.class_id', '=', 'c.id')
        .where((w) =>
          w.and([
            w.not(
              w.exists(
                w
                  .selectFrom('train_person_courses as pc')
                  .select('pc.id')
                  .whereRef('pc.train_person_id', '=', 'tp.id')
                  .where('pc.learn_status', '!=', LearnStatus.COMPLETED),
              ),
            ),
            w.exists(
              w.selectFrom('train_person_courses as pc').select('pc.id').whereRef('pc.train_person_id', '=', 'tp.id'),
            ),
          ]),
        )
        .as('done'),
    ])
    .where('c.org_id', '=', orgId)
    .where('c.closed_at', 'is', null)
    .where('c.start_date', 'is not', null)
    .where('c.end_date', 'is not', null)
    .where('c.start_date', '<=', now)
    .execute();
  if (classes.length === 0) return { classes, credit: new Map<string, number>() };
  const credit = await db
    .selectFrom('study_events as e')
    .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
    .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
    .select((eb) => ['tp.class_id', eb.fn.sum<number>('e.credited_seconds').as('seconds')])
    .where(
      'tp.class_id',
      'in',
      classes.map((c) => c.id),
    )
    .where('e.credited_seconds', '!=', 0)
    .groupBy('tp.class_id')
    .execute();
  return { classes, credit: new Map(credit.map((c) => [c.class_id, Number(c.seconds ?? 0)])) };
}

/** How far a new organisation has come: its learners (registrations waiting excluded), courses on offer and classes. */
export async function countSetup(db: Db, orgId: string) {
  const [learners, courses, classes] = await Promise.all([
    db
      .selectFrom('persons as p')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('p.org_id', '=', orgId)
      .where('p.role', '=', Role.LEARNER)
      .where('p.pending_since', 'is', null)
      .executeTakeFirstOrThrow(),
    selectBooksOfOrg(db, orgId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('train_classes as c')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.org_id', '=', orgId)
      .executeTakeFirstOrThrow(),
  ]);
  return { learners: Number(learners.n), courses: Number(courses.n), classes: Number(classes.n) };
}
