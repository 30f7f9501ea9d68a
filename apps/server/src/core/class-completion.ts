import { LearnStatus } from '@anxun/shared/constants';
import type { Db, Dialect } from '../infra/database.js';
import { queueCertificateIssue } from './certificate-issue-queue.js';
import { countUnits, isCourseCompleteButUnits } from './course-completion.js';
import { parseExamRules } from './exam-rules.js';
import { inValues } from '../infra/rows-table.js';

/**
 * After a class's rules or course list changed (编辑班级): its members' courses decided again
 * under the class as it now stands, so 已完成, 计入学时 and the certificate agree with the rules
 * every view prints. A course left incomplete only by a requirement the class dropped (its exam
 * no longer required) is complete — as of when its last unit was finished, the moment its study
 * met the rest; a member whose every course is now complete (a course not begun taken out of the
 * class) gets his certificate. A course already complete stays so (completed under the rules of
 * its time, as a certificate issued stands). Returns how many course records became complete.
 * Call inside the edit's transaction with the class's row and its members' rows locked (the
 * study batch and the exams write these records under the members' locks).
 */
export async function decideClassCompletion(
  db: Db,
  dialect: Dialect,
  input: {
    classId: string;
    secondsPerClassHour: number;
    now: number;
    /**
     * courses were taken out (any member may now hold every course the class has) or face
     * checks switched off (one owed may have held a complete member's certificate)
     */
    everyMember: boolean;
  },
): Promise<{ completedCourses: number; certificatesQueued: number }> {
  const open = await db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
    .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
    .select(['pc.id', 'pc.train_person_id', 'pc.class_course_id', 'pc.studied_seconds', 'pc.exam_passed_at'])
    .select(['pc.last_learn_date', 'tp.person_id', 'cc.class_hours', 'c.rules'])
    .where('cc.class_id', '=', input.classId)
    .where('pc.learn_status', '!=', LearnStatus.COMPLETED)
    .execute();
  // only a course whose 学时 (and exam) are met waits on its units: most of a class's open
  // courses are short of their hours, and their units are not read
  const candidates = open.filter((c) =>
    isCourseCompleteButUnits({
      studiedSeconds: Number(c.studied_seconds),
      classHours: c.class_hours,
      secondsPerClassHour: input.secondsPerClassHour,
      examRequired: parseExamRules(c.rules).required,
      examPassed: c.exam_passed_at !== null,
    }),
  );
  const units = candidates.length
    ? await db
        .selectFrom('train_warp_courses')
        .select(['train_person_id', 'class_course_id', 'learn_status', 'end_time'])
        .where(inValues(dialect, 'train_person_id', [...new Set(candidates.map((c) => c.train_person_id))]))
        .execute()
    : [];
  const unitsOf = new Map<string, typeof units>();
  for (const u of units) {
    const key = `${u.train_person_id}/${u.class_course_id}`;
    unitsOf.set(key, [...(unitsOf.get(key) ?? []), u]);
  }
  const completed = new Map<string, { trainPersonId: string; personId: string }>();
  for (const c of candidates) {
    const mine = unitsOf.get(`${c.train_person_id}/${c.class_course_id}`) ?? [];
    const statuses = countUnits(mine.map((u) => u.learn_status));
    if (statuses.total === 0 || statuses.completed < statuses.total) continue;
    // when its study met the rest: its last unit finished (the record's last study if unknown)
    const finished = Math.max(...mine.map((u) => Number(u.end_time ?? 0)));
    await db
      .updateTable('train_person_courses')
      .set({
        learn_status: LearnStatus.COMPLETED,
        end_time: finished > 0 ? finished : (c.last_learn_date ?? input.now),
      })
      .where('id', '=', c.id)
      .execute();
    completed.set(c.id, { trainPersonId: c.train_person_id, personId: c.person_id });
  }
  // whom the certificate job is for: who completed a course now, and, a course taken out (never
  // begun: nobody held a certificate with it) or the checks switched off, whoever now holds
  // every course the class has (the job issues only what is earned)
  const members = new Map([...completed.values()].map((m) => [m.trainPersonId, m.personId]));
  if (input.everyMember) {
    const done = await db
      .selectFrom('train_persons as tp')
      .innerJoin('train_person_courses as pc', 'pc.train_person_id', 'tp.id')
      .select(['tp.id', 'tp.person_id'])
      .where('tp.class_id', '=', input.classId)
      // who holds a valid certificate already needs no job (a class of thousands, finished, edited:
      // one statement, not a job per member under every member's lock)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('certificates as cert')
              .select('cert.id')
              .whereRef('cert.train_person_id', '=', 'tp.id')
              // one withdrawn by a void is renewed by the job
              .where('cert.status', '=', 'valid'),
          ),
        ),
      )
      .groupBy(['tp.id', 'tp.person_id'])
      .having((eb) =>
        eb(
          eb.fn.countAll(),
          '=',
          eb.fn.sum(eb.case().when('pc.learn_status', '=', LearnStatus.COMPLETED).then(1).else(0).end()),
        ),
      )
      .execute();
    for (const m of done) members.set(m.id, m.person_id);
  }
  let certificatesQueued = 0;
  for (const [trainPersonId, personId] of members) {
    if (await queueCertificateIssue(db, { trainPersonId, personId }, input.now)) certificatesQueued += 1;
  }
  return { completedCourses: completed.size, certificatesQueued };
}
