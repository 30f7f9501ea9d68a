import { ErrorCode } from '@anxun/shared/errors';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { parseExamRules } from '../../core/exam-rules.js';
import { notifyPerson } from '../../core/person-notice.js';
import type { AuthUser } from '../../core/session.service.js';
import { addExtraAttempt } from '../../core/training-records.repository.js';
import { AppError } from '../../http/app-error.js';
import { settle } from './exam.service.js';
import { findAttempts, findMemberCourseOfOrg, stands } from './exams.repository.js';

/**
 * 允许补考: one more attempt at a course's exam for one learner who has used every attempt the
 * class allows without passing — he stayed 学习中 for good, the only lever being more retakes
 * for the whole class. Refused while he still has one, has passed, or sits the exam now.
 * Audited; the learner is told in his messages.
 */
export async function grantExamAttempt(
  ctx: AppContext,
  user: AuthUser,
  body: { trainPersonId: string; classCourseId: string },
  ip: string,
) {
  const course = await findMemberCourseOfOrg(ctx.db, user.orgId, body.trainPersonId, body.classCourseId);
  if (!course) throw new AppError(ErrorCode.NOT_FOUND, '学员不在本单位的班级中');
  const attempts = await Promise.all(
    (await findAttempts(ctx.db, body.trainPersonId, body.classCourseId)).map((a) => settle(ctx, a)),
  ).then((all) => all.filter(stands));
  const allowed = 1 + parseExamRules(course.rules).retakes + course.extra_attempts;
  const refuse = (msg: string) => new AppError(ErrorCode.DUPLICATE, msg);
  if (attempts.some((a) => a.passed === 1)) throw refuse('该学员已通过本课程考试');
  if (attempts.some((a) => a.status === 'open')) throw refuse('该学员正在考试，请交卷后再试');
  if (attempts.length < allowed) {
    throw refuse(`该学员还有考试机会（已考 ${attempts.length} 次，共 ${allowed} 次）`);
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await addExtraAttempt(trx, course.id, course.extra_attempts))) throw refuse('已有人为该学员开放补考，请刷新');
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'exam.grant-attempt',
      targetType: 'person',
      targetId: course.person_id,
      summary: { after: { course: course.course_name, attemptsAllowed: allowed + 1 } },
      now,
    });
    await notifyPerson(trx, {
      personId: course.person_id,
      title: '已为您开放补考',
      content: `培训管理员已为您开放「${course.course_name}」的一次补考机会，请在“练题”中参加考试。`,
      now,
    });
  });
  return { attemptsUsed: attempts.length, attemptsAllowed: allowed + 1 };
}
