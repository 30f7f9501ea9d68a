import { ErrorCode } from '@anxun/shared/errors';
import type { PaperRules, PaperSetup } from '@anxun/shared/schemas/exams';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { parseExamRules } from '../../core/exam-rules.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { findOwnClassCourse, findPaperRulesJson, savePaperRules } from './exam-paper.repository.js';
import { findQuestionsOfBook } from './exams.repository.js';
import { defaultPaper, defaultRules, drawPaper, parseRules, problemsOf, rulesTotal } from './paper-rules.js';
import { answerText } from './question-sheet.js';

/**
 * 试卷设置 of a class course (issue: Console II): the rules its papers are drawn by, checked
 * against its bank and the class's total, with a sample paper to look at before learners sit it.
 */

async function ownCourse(ctx: AppContext, user: AuthUser, classId: string, classCourseId: string) {
  const course = await findOwnClassCourse(ctx.db, user.orgId, classId, classCourseId);
  if (!course) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
  return course;
}

/**
 * The default plan on a bank short of it: nothing stops the exam (fewer of a kind, the points
 * scaled up), but the manager is told — two questions of 50 points make no safety exam.
 */
function shortOfPlan(plan: PaperRules, paper: ReadonlyArray<{ points: number }>): string[] {
  const planned = plan.mode === 'random' ? Object.values(plan.kinds).reduce((n, k) => n + k.count, 0) : 0;
  if (paper.length >= planned) return [];
  const most = Math.max(...paper.map((p) => p.points));
  return [
    `题库试题不足：默认每份试卷${planned}道题，本课程题库只能抽出${paper.length}道（每题最高${most}分）。考试仍可进行，建议先补充题库，或设置本课程的试卷`,
  ];
}

async function setupOf(
  ctx: AppContext,
  course: NonNullable<Awaited<ReturnType<typeof findOwnClassCourse>>>,
  rules: PaperRules | undefined,
): Promise<PaperSetup> {
  const classTotal = parseExamRules(course.rules).totalScore;
  const bank = await findQuestionsOfBook(ctx.db, course.book_id);
  const effective = rules ?? defaultRules(classTotal);
  // the sample is what a learner would sit now: without rules of its own, the default plan
  // takes fewer of a kind the bank lacks and scales the points to the class's total, so a
  // short bank stops nothing (and its sample adds up to that total)
  const paper = rules ? drawPaper(bank, rules) : defaultPaper(bank, classTotal);
  const problems = rules
    ? problemsOf(rules, bank, classTotal)
    : bank.length === 0
      ? ['题库中没有试题']
      : shortOfPlan(effective, paper);
  return {
    classCourseId: course.id,
    courseName: course.course_name,
    classTotal,
    rules: rules ?? null,
    effective,
    total: paper.reduce((sum, p) => sum + p.points, 0),
    problems,
    sample: paper.map((p) => ({
      questionId: p.questionId,
      kind: p.q.kind,
      stem: p.q.stem,
      options: JSON.parse(p.q.options) as string[],
      answer: answerText(p.q.kind, JSON.parse(p.q.answer)),
      points: p.points,
    })),
  };
}

export async function paperSetup(ctx: AppContext, user: AuthUser, classId: string, classCourseId: string) {
  const course = await ownCourse(ctx, user, classId, classCourseId);
  return setupOf(ctx, course, parseRules(await findPaperRulesJson(ctx.db, classCourseId)));
}

/** Saves the rules (null: back to the default plan); refused while a paper could not be drawn by them. */
export async function savePaperSetup(
  ctx: AppContext,
  user: AuthUser,
  classId: string,
  classCourseId: string,
  rules: PaperRules | null,
  ip: string,
) {
  const course = await ownCourse(ctx, user, classId, classCourseId);
  if (rules) {
    const problems = problemsOf(
      rules,
      await findQuestionsOfBook(ctx.db, course.book_id),
      parseExamRules(course.rules).totalScore,
    );
    if (problems.length > 0) throw new AppError(ErrorCode.BAD_REQUEST, problems.join('；'));
    if (rules.mode === 'fixed' && new Set(rules.questions.map((q) => q.questionId)).size !== rules.questions.length) {
      throw new AppError(ErrorCode.BAD_REQUEST, '同一道题不能重复出现在试卷中');
    }
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await savePaperRules(trx, classCourseId, rules ? JSON.stringify(rules) : null, user.personId, now);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'exam-paper.update',
      targetType: 'class',
      targetId: classId,
      summary: {
        after: { course: course.course_name, mode: rules?.mode ?? 'default', total: rules ? rulesTotal(rules) : null },
      },
      now,
    });
  });
  return setupOf(ctx, course, rules ?? undefined);
}
