import type { Db } from '../../infra/database.js';

/** 考试成绩 of a class, for its organisation's manager (the exams feature owns exam_attempts). */
export async function findClassOfOrg(db: Db, orgId: string, classId: string) {
  return db
    .selectFrom('train_classes')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .where('id', '=', classId)
    .executeTakeFirst();
}

/** A page of the class's attempts with who sat them, for which course and which of his attempts, in a stable order. */
export async function findClassAttempts(db: Db, classId: string, offset: number, limit: number) {
  return (
    db
      .selectFrom('exam_attempts as a')
      .innerJoin('train_persons as tp', 'tp.id', 'a.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .leftJoin('departments as d', 'd.id', 'p.department_id')
      .innerJoin('train_class_courses as cc', 'cc.id', 'a.class_course_id')
      .innerJoin('course_books as b', 'b.id', 'cc.book_id')
      .selectAll('a')
      .select([
        'p.name',
        'p.id_card_enc',
        'p.org_id',
        'p.department_id',
        'd.name as department_name',
        'b.name as course_name',
      ])
      // which of his attempts at this course it was (第几次), counted in the order they were started;
      // a voided one is not a try (the learner's page numbers his next one as if it had not been)
      .select((eb) =>
        eb
          .selectFrom('exam_attempts as earlier')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('earlier.train_person_id', '=', 'a.train_person_id')
          .whereRef('earlier.class_course_id', '=', 'a.class_course_id')
          .where('earlier.voided_at', 'is', null)
          .where((w) =>
            w.or([
              w('earlier.started_at', '<', w.ref('a.started_at')),
              w.and([w('earlier.started_at', '=', w.ref('a.started_at')), w('earlier.id', '<=', w.ref('a.id'))]),
            ]),
          )
          .as('attempt_no'),
      )
      .where('tp.class_id', '=', classId)
      .orderBy('p.name')
      .orderBy('a.train_person_id')
      .orderBy('a.started_at')
      .orderBy('a.id')
      .offset(offset)
      .limit(limit)
      .execute()
  );
}
