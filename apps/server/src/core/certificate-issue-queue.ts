import { LearnStatus } from '@anxun/shared/constants';
import type { Db } from '../infra/database.js';
import { enqueueJob } from '../infra/job-queue.js';

/** The job that issues the certificates a learner has earned (features/certificates runs it). */
export const ISSUE_CERTIFICATES_JOB = 'certificates.issue';

/**
 * A learner's class may have just been completed — a course done by study or by an exam, the
 * last open face check passed: once every course of the membership is complete, his
 * certificate is issued by a job at once, not when he next opens 我的学习, so a manager's
 * 证书管理, reports and archives count it from then (the job checks the rest: the checks, a
 * certificate he has). Queued with the caller's writes, one per completion (the job is
 * idempotent; a job already queued may run before these writes are committed, so it is not
 * relied on); `ctx.jobs.kick()` once they are.
 */
export async function queueCertificateIssue(
  db: Db,
  member: { trainPersonId: string; personId: string },
  now: number,
): Promise<boolean> {
  const courses = await db
    .selectFrom('train_person_courses')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('learn_status', '=', LearnStatus.COMPLETED).then(1).else(0).end()).as('done'),
    ])
    .where('train_person_id', '=', member.trainPersonId)
    .executeTakeFirst();
  const total = Number(courses?.total ?? 0);
  if (total === 0 || Number(courses?.done ?? 0) < total) return false;
  await enqueueJob(
    db,
    {
      kind: ISSUE_CERTIFICATES_JOB,
      orgId: null,
      subjectId: member.personId,
      payload: { personId: member.personId },
      createdBy: null,
    },
    now,
  );
  return true;
}
