import type { Db } from '../../infra/database.js';

/** exam_papers (this feature writes it): how each class course's paper is made. */

export async function findPaperRulesJson(db: Db, classCourseId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('exam_papers')
    .select('rules')
    .where('class_course_id', '=', classCourseId)
    .executeTakeFirst();
  return row?.rules;
}

export async function savePaperRules(
  db: Db,
  classCourseId: string,
  rules: string | null,
  by: string,
  now: number,
): Promise<void> {
  await db.deleteFrom('exam_papers').where('class_course_id', '=', classCourseId).execute();
  if (rules === null) return;
  await db
    .insertInto('exam_papers')
    .values({ class_course_id: classCourseId, rules, updated_at: now, updated_by: by })
    .execute();
}

/** A course of one of the organisation's classes, with what its paper depends on. */
export async function findOwnClassCourse(db: Db, orgId: string, classId: string, classCourseId: string) {
  return db
    .selectFrom('train_class_courses as cc')
    .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
    .innerJoin('course_books as b', 'b.id', 'cc.book_id')
    .select(['cc.id', 'cc.book_id', 'c.rules', 'b.name as course_name'])
    .where('c.org_id', '=', orgId)
    .where('c.id', '=', classId)
    .where('cc.id', '=', classCourseId)
    .executeTakeFirst();
}

/**
 * The fixed papers of open classes that hold this question (the rules name it): retiring it
 * would leave them unable to be drawn.
 */
export async function countOpenFixedPapersWith(db: Db, questionId: string): Promise<number> {
  const rows = await db
    .selectFrom('exam_papers as p')
    .innerJoin('train_class_courses as cc', 'cc.id', 'p.class_course_id')
    .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
    .select('p.rules')
    .where('c.closed_at', 'is', null)
    .where('p.rules', 'like', `%${questionId.replace(/[%_\\]/g, '')}%`)
    .execute();
  return rows.filter((r) => {
    const rules = JSON.parse(r.rules) as { mode?: string; questions?: Array<{ questionId?: string }> };
    return rules.mode === 'fixed' && (rules.questions ?? []).some((q) => q.questionId === questionId);
  }).length;
}
