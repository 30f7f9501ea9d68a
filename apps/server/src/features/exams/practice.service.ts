import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { AnswerValue, PracticeMode } from '@anxun/shared/schemas/exams';
import type { AppContext } from '../../app-context.js';
import { studiesBook } from '../../core/training-records.repository.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import {
  findProgress,
  findQuestion,
  findQuestionsOfBook,
  findWrongAnswers,
  hasOpenExam,
  recordWrong,
  removeWrong,
  saveProgress,
  setWrongStreak,
} from './exams.repository.js';
import { EXAM_GRACE_MS } from './exam.service.js';
import { toQuestionView } from './question-view.js';
import { correctAnswerOf, parseKey, scoreAnswer } from './scoring.js';

/** A question answered right this many times in a row leaves the wrong-answer book. */
export const WRONG_BOOK_STREAK = 2;

async function checkLearner(ctx: AppContext, user: AuthUser, bookId: string): Promise<void> {
  if (!(await studiesBook(ctx.db, user.personId, bookId))) {
    throw new AppError(ErrorCode.FORBIDDEN, '参加本课程学习后才能练习');
  }
  // practice reveals keys, and the exam draws from the same bank
  if (await hasOpenExam(ctx.db, user.personId, bookId, ctx.now(), EXAM_GRACE_MS)) {
    throw new AppError(ErrorCode.DUPLICATE, '考试进行中，交卷后才能练习');
  }
}

/** The next question of a practice mode: sequential resumes where the learner stopped. */
export async function nextQuestion(ctx: AppContext, user: AuthUser, bookId: string, mode: PracticeMode) {
  await checkLearner(ctx, user, bookId);
  const [bank, progress, wrong] = await Promise.all([
    findQuestionsOfBook(ctx.db, bookId),
    findProgress(ctx.db, user.personId, bookId),
    findWrongAnswers(ctx.db, user.personId, bookId),
  ]);
  let question = undefined as (typeof bank)[number] | undefined;
  let position = 0;
  if (mode === 'sequential') {
    position = progress?.next_index ?? 0;
    question = bank[position];
  } else if (mode === 'random') {
    question = bank.length > 0 ? bank[crypto.randomInt(bank.length)] : undefined;
    position = question ? bank.indexOf(question) : 0;
  } else {
    const first = wrong[0];
    question = first ? bank.find((q) => q.id === first.question_id) : undefined;
  }
  return {
    mode,
    question: question ? toQuestionView(ctx, question) : null,
    position: mode === 'wrong' ? wrong.length : Math.min(position + 1, bank.length),
    total: bank.length,
    answered: progress?.answered ?? 0,
    correct: progress?.correct ?? 0,
    wrongBook: wrong.length,
  };
}

/**
 * Checks one practice answer and reveals its key. A wrong answer puts the question in the
 * wrong-answer book; right answers in a row take it out. Sequential practice moves on only
 * from the question it is at.
 */
export async function answerQuestion(
  ctx: AppContext,
  user: AuthUser,
  body: { courseBookId: string; questionId: string; mode: PracticeMode; answer: AnswerValue },
) {
  await checkLearner(ctx, user, body.courseBookId);
  const question = await findQuestion(ctx.db, body.questionId);
  if (!question || question.book_id !== body.courseBookId) throw new AppError(ErrorCode.NOT_FOUND, '题目不存在');
  const key = parseKey(question.kind, question.answer);
  const { correct } = scoreAnswer(key, body.answer, 1);
  const now = ctx.now();

  const wrong = await findWrongAnswers(ctx.db, user.personId, body.courseBookId);
  const entry = wrong.find((w) => w.question_id === question.id);
  let streak = 0;
  let removed = false;
  if (!correct) {
    await recordWrong(ctx.db, user.personId, body.courseBookId, [question.id], now);
  } else if (entry) {
    streak = entry.streak + 1;
    if (streak >= WRONG_BOOK_STREAK) {
      await removeWrong(ctx.db, user.personId, question.id);
      removed = true;
    } else {
      await setWrongStreak(ctx.db, user.personId, question.id, streak);
    }
  }

  if (body.mode === 'sequential') {
    const bank = await findQuestionsOfBook(ctx.db, body.courseBookId);
    const progress = await findProgress(ctx.db, user.personId, body.courseBookId);
    const at = progress?.next_index ?? 0;
    const index = bank.findIndex((q) => q.id === question.id);
    await saveProgress(ctx.db, {
      person_id: user.personId,
      book_id: body.courseBookId,
      next_index: index === at ? at + 1 : at,
      answered: (progress?.answered ?? 0) + 1,
      correct: (progress?.correct ?? 0) + (correct ? 1 : 0),
      updated_at: now,
    });
  }
  const inBook = wrong.length + (!correct && !entry ? 1 : 0) - (removed ? 1 : 0);
  return {
    questionId: question.id,
    correct,
    correctAnswer: correctAnswerOf(key),
    analysis: question.analysis,
    streak,
    removedFromWrongBook: removed,
    wrongBook: inBook,
  };
}

export async function resetSequential(ctx: AppContext, user: AuthUser, bookId: string): Promise<void> {
  await checkLearner(ctx, user, bookId);
  await saveProgress(ctx.db, {
    person_id: user.personId,
    book_id: bookId,
    next_index: 0,
    answered: 0,
    correct: 0,
    updated_at: ctx.now(),
  });
}

/** The wrong-answer book: questions only (their keys were shown when they were answered). */
export async function wrongBook(ctx: AppContext, user: AuthUser, bookId: string) {
  await checkLearner(ctx, user, bookId);
  const [bank, wrong] = await Promise.all([
    findQuestionsOfBook(ctx.db, bookId),
    findWrongAnswers(ctx.db, user.personId, bookId),
  ]);
  const byId = new Map(bank.map((q) => [q.id, q]));
  return {
    total: wrong.length,
    records: wrong.flatMap((w) => {
      const q = byId.get(w.question_id);
      return q ? [{ ...toQuestionView(ctx, q), wrongCount: w.wrong_count, streak: w.streak }] : [];
    }),
  };
}
