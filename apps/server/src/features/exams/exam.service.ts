import { LearnStatus } from '@anxun/shared/constants';
import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { AnswerValue, ExamReview, ExamRules } from '@anxun/shared/schemas/exams';
import type { Db } from '../../infra/database.js';
import type { AppContext } from '../../app-context.js';
import { countUnits, isCourseComplete } from '../../core/course-completion.js';
import { parseExamRules } from '../../core/exam-rules.js';
import { parseFaceCheckRules } from '../../core/face-check-rules.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import {
  findAttempt,
  findAttempts,
  stands,
  findMemberCourse,
  findOverdueAttempts,
  findQuestionsByIds,
  findQuestionsOfBook,
  findUnitStatuses,
  hasOpenExam,
  insertAttempt,
  recordWrong,
  updateOpenAttempt,
  type AttemptRow,
  type MemberCourse,
  type QuestionRow,
} from './exams.repository.js';
import { findPersonById, lockPersonRows } from '../../core/person.repository.js';
import { recordExamOutcome } from '../../core/training-records.repository.js';
import { parseOptions, questionImageUrl, toQuestionView } from './question-view.js';
import { correctAnswerOf, parseKey, scoreAnswer } from './scoring.js';
import { findPaperRulesJson } from './exam-paper.repository.js';
import { defaultPaper, drawPaper, parseRules, problemsOf, rulesTotal } from './paper-rules.js';
import { recordTime, recordTimeOrNull } from '../../core/record-time.js';
import { queueCertificateIssue } from '../../core/certificate-issue-queue.js';
import { inPeriod } from '../../core/class-period.js';

/** Answers reaching the server this long after the deadline still count (network, a slow click). */
export const EXAM_GRACE_MS = 30_000;
const GRACE_MS = EXAM_GRACE_MS;

/** A question as it stood when the paper was drawn: editing the bank later changes no paper. */
type PaperQuestion = Pick<QuestionRow, 'id' | 'kind' | 'stem' | 'options' | 'answer' | 'analysis'> & {
  /** copies made before questions had images have none */
  image_file_id?: string | null;
};
/** Papers drawn before copies were kept hold ids only; theirs are read from the bank. */
type Paper = Array<{ questionId: string; points: number; q?: PaperQuestion }>;
const parsePaper = (attempt: AttemptRow): Paper => JSON.parse(attempt.paper) as Paper;
const parseAnswers = (json: string): Record<string, AnswerValue> => JSON.parse(json) as Record<string, AnswerValue>;
const iso = recordTimeOrNull;
const half = (n: number) => Math.round(n * 2) / 2;

async function memberCourse(ctx: AppContext, user: AuthUser, classCourseId: string): Promise<MemberCourse> {
  const course = await findMemberCourse(ctx.db, user.personId, classCourseId);
  if (!course) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
  return course;
}

async function ownAttempt(ctx: AppContext, user: AuthUser, attemptId: string): Promise<AttemptRow> {
  const attempt = await findAttempt(ctx.db, attemptId);
  if (!attempt || attempt.person_id !== user.personId) throw new AppError(ErrorCode.NOT_FOUND, '考试记录不存在');
  return attempt;
}

/** The paper's questions by id: the copies it keeps, else (older papers) the bank's rows. */
async function questionsOf(ctx: AppContext, paper: Paper): Promise<Map<string, PaperQuestion>> {
  const missing = paper.filter((p) => !p.q).map((p) => p.questionId);
  const rows = missing.length > 0 ? await findQuestionsByIds(ctx.db, missing) : [];
  return new Map<string, PaperQuestion>([
    ...rows.map((r) => [r.id, r] as const),
    ...paper.flatMap((p) => (p.q ? [[p.questionId, p.q] as const] : [])),
  ]);
}

/** Only answers to the paper's own questions are kept. */
function onPaper(paper: Paper, answers: Record<string, AnswerValue>): Record<string, AnswerValue> {
  const ids = new Set(paper.map((p) => p.questionId));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => ids.has(id)));
}

/**
 * Scores and closes an attempt. Before the deadline (plus a short grace) the given answers
 * count; after it, only what was saved in time — the timer is the server's, not the
 * browser's. A pass is recorded on the course record, completing the course if the exam
 * was all it lacked.
 */
async function finish(
  ctx: AppContext,
  attempt: AttemptRow,
  given: Record<string, AnswerValue> | undefined,
): Promise<AttemptRow> {
  const now = ctx.now();
  const paper = parsePaper(attempt);
  const inTime = now <= attempt.deadline_at + GRACE_MS;
  const saved = parseAnswers(attempt.answers);
  const answers = inTime && given ? { ...saved, ...onPaper(paper, given) } : saved;
  const byId = await questionsOf(ctx, paper);
  const earned = paper.map((p) => {
    const q = byId.get(p.questionId);
    return q ? scoreAnswer(parseKey(q.kind, q.answer), answers[p.questionId], p.points).earned : 0;
  });
  const score = half(earned.reduce((sum, e) => sum + e, 0));
  // what he got wrong (or left blank) goes to his 错题本, as a wrong practice answer does: the
  // result's 去错题本 opens them
  const missed = paper.filter((p, i) => byId.has(p.questionId) && earned[i]! < p.points).map((p) => p.questionId);
  const passed = score >= attempt.pass_score;
  // one write: the attempt closed, the course's outcome, its class's certificate job — under
  // the learner's lock, as the study batch takes it (both may complete the same course)
  let queued = false;
  await ctx.db.transaction().execute(async (trx) => {
    await lockPersonRows(trx, ctx.dialect, [attempt.person_id]);
    const closed = await updateOpenAttempt(trx, attempt.id, {
      status: inTime ? 'submitted' : 'expired',
      answers: JSON.stringify(answers),
      submitted_at: inTime ? now : attempt.deadline_at,
      score,
      passed: passed ? 1 : 0,
    });
    if (!closed) return;
    await recordWrong(trx, attempt.person_id, attempt.book_id, missed, now);
    const course = await findMemberCourse(trx, attempt.person_id, attempt.class_course_id);
    if (!course) return;
    const best = Math.max(score, course.sys_score ?? 0);
    // an exam sat is the course begun (学习中 in the reports), for one who sat it before studying
    const begun =
      course.learn_status === LearnStatus.NOT_STARTED
        ? {
            learn_status: LearnStatus.STUDYING,
            ...(course.start_time === null ? { start_time: attempt.started_at } : {}),
          }
        : {};
    if (!passed || course.exam_passed_at !== null) {
      await recordExamOutcome(trx, course.id, { sys_score: best, ...begun });
      return;
    }
    const complete = isCourseComplete({
      units: countUnits(await findUnitStatuses(trx, course.train_person_id, course.class_course_id)),
      studiedSeconds: course.studied_seconds,
      classHours: course.class_hours,
      secondsPerClassHour: ctx.config.study.secondsPerClassHour,
      examRequired: parseExamRules(course.rules).required,
      examPassed: true,
    });
    // passed when it was handed in — at its deadline, for one closed later
    const handedIn = inTime ? now : attempt.deadline_at;
    const completedNow = complete && course.learn_status !== LearnStatus.COMPLETED;
    await recordExamOutcome(trx, course.id, {
      sys_score: best,
      ...begun,
      exam_passed_at: handedIn,
      ...(completedNow ? { learn_status: LearnStatus.COMPLETED, end_time: handedIn } : {}),
    });
    // the course may have been the class's last: its certificate is issued now
    if (completedNow) {
      queued = await queueCertificateIssue(
        trx,
        { trainPersonId: course.train_person_id, personId: attempt.person_id },
        now,
      );
    }
  });
  if (queued) ctx.jobs.kick();
  return (await findAttempt(ctx.db, attempt.id))!;
}

/** An open attempt past its deadline is closed with what was saved in time. */
export async function settle(ctx: AppContext, attempt: AttemptRow): Promise<AttemptRow> {
  if (attempt.status === 'open' && ctx.now() > attempt.deadline_at + GRACE_MS) return finish(ctx, attempt, undefined);
  return attempt;
}

/**
 * Closes every attempt left open past its time (the learner closed the page and did not come
 * back): scored on what was saved in time, as his next visit would have done — so the reports,
 * exports and archives never hold an exam 答题中 long after it ended. Returns how many.
 */
/**
 * (`classId`: that class's only — what its results sheet or archive is about to show;
 * `trainPersonIds`: those memberships' only — a learner's record about to be read.)
 */
export async function settleOverdueAttempts(
  ctx: AppContext,
  classId?: string,
  trainPersonIds?: readonly string[],
): Promise<number> {
  if (trainPersonIds?.length === 0) return 0;
  let settled = 0;
  // one that cannot be closed (a damaged row) is logged and passed over, not left to stop the rest
  const failed: string[] = [];
  for (;;) {
    const rows = await findOverdueAttempts(ctx.db, ctx.now() - GRACE_MS, 100, {
      classId,
      trainPersonIds,
      skip: failed,
    });
    for (const row of rows) {
      try {
        await finish(ctx, row, undefined);
        settled++;
      } catch (err) {
        ctx.log.error({ err, attemptId: row.id }, 'an overdue exam could not be closed');
        failed.push(row.id);
      }
    }
    if (rows.length < 100) return settled;
  }
}

/** The course's units are studied to its 学时 (its exam aside): what an exam set `afterStudy` waits for. */
async function studyDone(ctx: AppContext, course: MemberCourse): Promise<boolean> {
  return isCourseComplete({
    units: countUnits(await findUnitStatuses(ctx.db, course.train_person_id, course.class_course_id)),
    studiedSeconds: course.studied_seconds,
    classHours: course.class_hours,
    secondsPerClassHour: ctx.config.study.secondsPerClassHour,
    examRequired: false,
    examPassed: false,
  });
}

export async function examSummary(ctx: AppContext, user: AuthUser, classCourseId: string) {
  const course = await memberCourse(ctx, user, classCourseId);
  const rules = await marksOfCourse(ctx, parseExamRules(course.rules), classCourseId);
  const all = await Promise.all(
    (await findAttempts(ctx.db, course.train_person_id, classCourseId)).map((a) => settle(ctx, a)),
  );
  // a voided attempt is listed (he sat it) and counts for nothing
  const attempts = all.filter(stands);
  const scores = attempts.filter((a) => a.score !== null).map((a) => a.score!);
  const faces = parseFaceCheckRules(course.rules);
  return {
    trainClassCourseId: classCourseId,
    trainPersonId: course.train_person_id,
    courseName: course.course_name,
    rules,
    attemptsUsed: attempts.length,
    attemptsAllowed: 1 + rules.retakes + course.extra_attempts,
    studyDone: await studyDone(ctx, course),
    faceCheckFirst: faces.enabled && faces.beforeExam === true,
    inPeriod: inPeriod(course, ctx.now()),
    passed: attempts.some((a) => a.passed === 1),
    bestScore: scores.length > 0 ? Math.max(...scores) : null,
    openAttemptId: attempts.find((a) => a.status === 'open')?.id ?? null,
    attempts: all.map((a) => ({
      attemptId: a.id,
      status: a.status,
      score: a.score,
      passed: a.passed === 1 && stands(a),
      voided: !stands(a),
      startedAt: iso(a.started_at)!,
      submittedAt: iso(a.submitted_at),
    })),
  };
}

/**
 * The pass mark of a paper worth `total`: the class's own, or — a course's paper set for
 * another total (the class's total changed after it was set) — the same share of it.
 */
const passMarkFor = (rules: ExamRules, total: number) =>
  total === rules.totalScore ? rules.passScore : Math.round(((rules.passScore * total) / rules.totalScore) * 2) / 2;

/** The class's exam rules with the marks a paper of this course is sat for. */
async function marksOfCourse(ctx: AppContext, rules: ExamRules, classCourseId: string): Promise<ExamRules> {
  const own = parseRules(await findPaperRulesJson(ctx.db, classCourseId));
  const total = own ? rulesTotal(own) : rules.totalScore;
  return { ...rules, totalScore: total, passScore: passMarkFor(rules, total) };
}

async function paperView(ctx: AppContext, attempt: AttemptRow, courseName: string, attemptNumber: number) {
  const paper = parsePaper(attempt);
  const byId = await questionsOf(ctx, paper);
  const course = await findMemberCourse(ctx.db, attempt.person_id, attempt.class_course_id);
  const classRules = parseExamRules(course?.rules ?? '{}');
  // the marks the paper is scored against, which the page shows
  const rules = { ...classRules, totalScore: attempt.total_score, passScore: attempt.pass_score };
  return {
    attemptId: attempt.id,
    courseName,
    rules,
    startedAt: iso(attempt.started_at)!,
    deadlineAt: iso(attempt.deadline_at)!,
    secondsLeft: Math.max(0, Math.floor((attempt.deadline_at - ctx.now()) / 1000)),
    questions: paper.flatMap((p) => {
      const q = byId.get(p.questionId);
      return q ? [{ ...toQuestionView(ctx, q), points: p.points }] : [];
    }),
    answers: parseAnswers(attempt.answers),
    answersSavedAt: iso(attempt.answers_saved_at),
    attemptNumber,
    attemptsAllowed: 1 + rules.retakes + (course?.extra_attempts ?? 0),
  };
}

/**
 * 考前人脸核验, as the identity feature keeps it (app.ts passes it in): whether the learner must
 * pass a face check before this paper — the check to take — or may start, `admit` run (the new
 * paper written) under the lock the gate read by.
 */
export type ExamCheckGate = (
  db: Db,
  job: { personId: string; sessionId: string; trainPersonId: string; classRules: string; resume: boolean },
  now: () => number,
  admit?: (db: Db) => Promise<void>,
) => Promise<{ checkId: string } | undefined>;

/** Refuses (FACE_CHECK_REQUIRED) until the gate is satisfied; then `admit` runs. */
async function requireFaceCheck(
  ctx: AppContext,
  user: AuthUser,
  membership: { train_person_id: string; rules: string },
  resume: boolean,
  gate: ExamCheckGate | undefined,
  admit?: (db: Db) => Promise<void>,
): Promise<void> {
  if (!gate) return admit?.(ctx.db);
  const job = {
    personId: user.personId,
    sessionId: user.sessionId,
    trainPersonId: membership.train_person_id,
    classRules: membership.rules,
    resume,
  };
  if (await gate(ctx.db, job, ctx.now, admit)) throw new AppError(ErrorCode.FACE_CHECK_REQUIRED);
}

/** An attempt's membership and class rules, for the gate (a paper saved or handed in from another login). */
async function gateAttempt(ctx: AppContext, user: AuthUser, attempt: AttemptRow, gate: ExamCheckGate | undefined) {
  if (!gate) return;
  const course = await findMemberCourse(ctx.db, user.personId, attempt.class_course_id);
  if (course) await requireFaceCheck(ctx, user, course, true, gate);
}

/**
 * Starts (or resumes) the course's exam: a paper drawn from its bank, the clock the server's —
 * after a face check, in a class that checks faces (`gate`).
 */
export async function startExam(
  ctx: AppContext,
  user: AuthUser,
  classCourseId: string,
  gate?: ExamCheckGate,
  client?: { ip: string; userAgent: string | undefined },
) {
  const course = await memberCourse(ctx, user, classCourseId);
  const rules = parseExamRules(course.rules);
  // a voided attempt is neither the pass nor a try
  const attempts = await Promise.all(
    (await findAttempts(ctx.db, course.train_person_id, classCourseId)).map((a) => settle(ctx, a)),
  ).then((all) => all.filter(stands));
  const open = attempts.find((a) => a.status === 'open');
  if (open) {
    await requireFaceCheck(ctx, user, course, true, gate);
    return paperView(ctx, open, course.course_name, attempts.length);
  }
  if (attempts.some((a) => a.passed === 1)) throw new AppError(ErrorCode.DUPLICATE, '您已通过本课程考试');
  // a paper is sat within the class's training period, as study is credited (a paper begun in
  // it is handed in up to its own deadline): after the end or the close no pass, nor the
  // certificate it would complete
  if (!inPeriod(course, ctx.now())) {
    throw new AppError(ErrorCode.DUPLICATE, '不在班级培训期内（未开始、已到期或已结课），不能参加考试');
  }
  if (attempts.length >= 1 + rules.retakes + course.extra_attempts) {
    throw new AppError(ErrorCode.DUPLICATE, '考试次数已用完，请联系培训管理员');
  }
  if (rules.afterStudy && !(await studyDone(ctx, course))) {
    throw new AppError(ErrorCode.DUPLICATE, '请先学完本课程的全部课件，再参加考试');
  }
  // one paper of a course book at a time, over his classes: the review of a paper handed in
  // shows its keys, and the other paper draws from the same bank
  // (this course's own paper, started by a parallel request a moment ago, is resumed below)
  if (await hasOpenExam(ctx.db, user.personId, course.book_id, ctx.now(), GRACE_MS, classCourseId)) {
    throw new AppError(ErrorCode.DUPLICATE, '同一课程的另一场考试正在进行，交卷后才能开始本场考试');
  }
  const bank = await findQuestionsOfBook(ctx.db, course.book_id);
  const rulesOfCourse = parseRules(await findPaperRulesJson(ctx.db, classCourseId));
  if (rulesOfCourse && problemsOf(rulesOfCourse, bank, rulesTotal(rulesOfCourse)).length > 0) {
    throw new AppError(ErrorCode.DUPLICATE, '本课程题库中的试题不足以组卷，请联系培训管理员');
  }
  // each question copied onto the paper as it stands now; by the course's rules if it has them
  const paper: Paper = rulesOfCourse ? drawPaper(bank, rulesOfCourse) : defaultPaper(bank, rules.totalScore);
  const paperTotal = paper.reduce((s, p) => s + p.points, 0);
  if (paper.length === 0) throw new AppError(ErrorCode.DUPLICATE, '本课程暂无试题');
  // last: no check is opened for a paper that could not start anyway; the paper is written
  // under the gate's lock (a void of the pass that let it through then finds it)
  const id = crypto.randomUUID();
  const admit = async (db: Db) => {
    const now = ctx.now();
    await insertAttempt(db, {
      id,
      person_id: user.personId,
      train_person_id: course.train_person_id,
      class_course_id: classCourseId,
      book_id: course.book_id,
      status: 'open',
      paper: JSON.stringify(paper),
      answers: '{}',
      answers_saved_at: null,
      started_at: now,
      deadline_at: now + rules.durationMinutes * 60_000,
      submitted_at: null,
      // a course's own paper may have been set for another total: its pass mark scales with it
      total_score: paperTotal,
      pass_score: passMarkFor(rules, paperTotal),
      score: null,
      passed: null,
      // where it was sat from, for 学习轨迹: the login, the address, the browser
      session_id: user.sessionId,
      ip: client?.ip ?? null,
      user_agent: client?.userAgent?.slice(0, 300) ?? null,
    });
  };
  try {
    await requireFaceCheck(ctx, user, course, false, gate, admit);
  } catch (err) {
    // a parallel start won the one open attempt a course allows: this one resumes it
    if (err instanceof AppError || !/unique|duplicate/i.test(String((err as Error).message))) throw err;
    const open = (await findAttempts(ctx.db, course.train_person_id, classCourseId)).find(
      (a) => a.status === 'open' && stands(a),
    );
    if (!open) throw err;
    return paperView(ctx, open, course.course_name, attempts.length + 1);
  }
  return paperView(ctx, (await findAttempt(ctx.db, id))!, course.course_name, attempts.length + 1);
}

/** Keeps the answers so far (a closed tab, a lost connection, the deadline). */
export async function saveAnswers(
  ctx: AppContext,
  user: AuthUser,
  attemptId: string,
  answers: Record<string, AnswerValue>,
  gate?: ExamCheckGate,
): Promise<{ savedAt: string }> {
  const attempt = await settle(ctx, await ownAttempt(ctx, user, attemptId));
  if (attempt.status !== 'open') throw new AppError(ErrorCode.DUPLICATE, '考试已结束，答案不再保存');
  // another login answers only after his own check, as a resumed paper does
  await gateAttempt(ctx, user, attempt, gate);
  const now = ctx.now();
  const merged = { ...parseAnswers(attempt.answers), ...onPaper(parsePaper(attempt), answers) };
  if (!(await updateOpenAttempt(ctx.db, attempt.id, { answers: JSON.stringify(merged), answers_saved_at: now }))) {
    throw new AppError(ErrorCode.DUPLICATE, '考试已结束，答案不再保存');
  }
  return { savedAt: recordTime(now) };
}

export async function submitExam(
  ctx: AppContext,
  user: AuthUser,
  attemptId: string,
  answers: Record<string, AnswerValue>,
  gate?: ExamCheckGate,
): Promise<ExamReview> {
  let attempt = await ownAttempt(ctx, user, attemptId);
  if (attempt.status === 'open') {
    await gateAttempt(ctx, user, attempt, gate);
    attempt = await finish(ctx, attempt, answers);
  }
  return reviewOf(ctx, attempt);
}

export async function reviewExam(ctx: AppContext, user: AuthUser, attemptId: string): Promise<ExamReview> {
  const attempt = await settle(ctx, await ownAttempt(ctx, user, attemptId));
  // the keys stay on the server until the paper is handed in, and while another of the same
  // course book is open (as practice does)
  if (attempt.status === 'open') throw new AppError(ErrorCode.DUPLICATE, '考试尚未交卷');
  if (await hasOpenExam(ctx.db, user.personId, attempt.book_id, ctx.now(), GRACE_MS)) {
    throw new AppError(ErrorCode.DUPLICATE, '考试进行中，交卷后才能查看考试回顾');
  }
  return reviewOf(ctx, attempt);
}

/**
 * A learner's answer sheet as his training manager reads it (reports, archives): any attempt
 * of a person of the manager's organisation, once handed in or past its time.
 */
export async function reviewExamAsManager(ctx: AppContext, user: AuthUser, attemptId: string): Promise<ExamReview> {
  const found = await findAttempt(ctx.db, attemptId);
  const person = found ? await findPersonById(ctx.db, found.person_id) : undefined;
  if (!found || person?.org_id !== user.orgId) throw new AppError(ErrorCode.NOT_FOUND, '考试记录不存在');
  const attempt = await settle(ctx, found);
  if (attempt.status === 'open') throw new AppError(ErrorCode.DUPLICATE, '考试尚未交卷');
  return reviewOf(ctx, attempt);
}

/** The answer sheet of a handed-in attempt: each question as drawn, the answer, the key, the points. */
export async function reviewOf(ctx: AppContext, attempt: AttemptRow): Promise<ExamReview> {
  const paper = parsePaper(attempt);
  const answers = parseAnswers(attempt.answers);
  const byId = await questionsOf(ctx, paper);
  const course = await findMemberCourse(ctx.db, attempt.person_id, attempt.class_course_id);
  return {
    attemptId: attempt.id,
    courseName: course?.course_name ?? '',
    status: attempt.status === 'expired' ? 'expired' : 'submitted',
    score: attempt.score ?? 0,
    totalScore: attempt.total_score,
    passScore: attempt.pass_score,
    passed: attempt.passed === 1 && stands(attempt),
    startedAt: iso(attempt.started_at)!,
    submittedAt: iso(attempt.submitted_at),
    late: attempt.status === 'expired' && stands(attempt),
    voided: !stands(attempt),
    items: paper.flatMap((p) => {
      const q = byId.get(p.questionId);
      if (!q) return [];
      const key = parseKey(q.kind, q.answer);
      const given = answers[p.questionId];
      const { earned, correct } = scoreAnswer(key, given, p.points);
      return [
        {
          questionId: q.id,
          kind: q.kind,
          stem: q.stem,
          options: parseOptions(q.options),
          imageUrl: questionImageUrl(ctx, q.image_file_id),
          points: p.points,
          earned,
          correct,
          given: given ?? null,
          correctAnswer: correctAnswerOf(key),
          analysis: q.analysis,
        },
      ];
    }),
  };
}
