import { LearnStatus } from '@anxun/shared/constants';
import type { Db, Dialect } from '../infra/database.js';
import { queueCertificateIssue } from './certificate-issue-queue.js';
import { countUnits, isCourseComplete } from './course-completion.js';
import { parseExamRules } from './exam-rules.js';
import { inValues } from '../infra/rows-table.js';
import { lockPersonRows } from './person.repository.js';

/**
 * After a class's rules or course list changed (编辑班级): its members' courses decided again
 * under the class as it now stands, so 已完成, 计入学时 and the certificate agree with the rules
 * every view prints. A course left incomplete only by a requirement the class dropped (its exam
 * no longer required) is complete from now; a member whose every course is now complete (a
 * course not begun taken out of the class) gets his certificate. A course already complete
 * stays so (completed under the rules of its time, as a certificate issued stands). Returns how
 * many course records became complete. Call inside the edit's transaction, the class's row
 * locked; takes its members' locks, as the study batch and the exams do.
 */
export async function decideClassCompletion(
  db: Db,
  dialect: Dialect,
  input: {
    classId: string;
    secondsPerClassHour: number;
    now: number;
    /** courses were taken out: any member may now hold every course the class has */
    coursesRemoved: boolean;
  },
): Promise<{ completedCourses: number; certificatesQueued: number }> {
  const members = await db
    .selectFrom('train_persons')
    .select(['id', 'person_id'])
    .where('class_id', '=', input.classId)
    .execute();
  if (members.length === 0) return { completedCourses: 0, certificatesQueued: 0 };
  await lockPersonRows(
    db,
    dialect,
    members.map((m) => m.person_id),
  );
  const open = await db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
    .select(['pc.id', 'pc.train_person_id', 'pc.class_course_id', 'pc.studied_seconds', 'pc.exam_passed_at'])
    .select(['cc.class_hours', 'c.rules'])
    .where('cc.class_id', '=', input.classId)
    .where('pc.learn_status', '!=', LearnStatus.COMPLETED)
    .execute();
  const units = open.length
    ? await db
        .selectFrom('train_warp_courses as w')
        .innerJoin('train_class_courses as cc', 'cc.id', 'w.class_course_id')
        .select(['w.train_person_id', 'w.class_course_id', 'w.learn_status'])
        .where('cc.class_id', '=', input.classId)
        .execute()
    : [];
  const statusesOf = new Map<string, number[]>();
  for (const u of units) {
    const key = `${u.train_person_id}/${u.class_course_id}`;
    statusesOf.set(key, [...(statusesOf.get(key) ?? []), u.learn_status]);
  }
  const completed: string[] = [];
  const changed = new Set<string>();
  for (const c of open) {
    const complete = isCourseComplete({
      units: countUnits(statusesOf.get(`${c.train_person_id}/${c.class_course_id}`) ?? []),
      studiedSeconds: Number(c.studied_seconds),
      classHours: c.class_hours,
      secondsPerClassHour: input.secondsPerClassHour,
      examRequired: parseExamRules(c.rules).required,
      examPassed: c.exam_passed_at !== null,
    });
    if (!complete) continue;
    completed.push(c.id);
    changed.add(c.train_person_id);
  }
  if (completed.length > 0) {
    await db
      .updateTable('train_person_courses')
      .set({ learn_status: LearnStatus.COMPLETED, end_time: input.now })
      .where(inValues(dialect, 'id', completed))
      .execute();
  }
  // a course taken out (never begun: nobody held a certificate with it) may have been the last
  // one a member lacked
  let certificatesQueued = 0;
  for (const m of members) {
    if (!input.coursesRemoved && !changed.has(m.id)) continue;
    if (await queueCertificateIssue(db, { trainPersonId: m.id, personId: m.person_id }, input.now)) {
      certificatesQueued += 1;
    }
  }
  return { completedCourses: completed.length, certificatesQueued };
}
