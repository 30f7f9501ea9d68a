import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type {
  BankBook,
  BankQuestion,
  QuestionImportResult,
  QuestionKind,
  questionBody,
} from '@anxun/shared/schemas/exams';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { changedFields, recordAudit } from '../../core/audit.js';
import { bookOwnerOf } from '../../core/book-owner.js';
import { questionImageUrl } from './question-view.js';
import { findVisibleBook } from '../../core/catalogue.repository.js';
import type { AuthUser } from '../../core/session.service.js';
import type { Db } from '../../infra/database.js';
import { AppError } from '../../http/app-error.js';
import {
  findAllBankQuestions,
  findBankBook,
  findBankBooks,
  findBankQuestions,
  findBankStems,
  findOwnQuestion,
  insertQuestions,
  lastSortOrder,
  lockBankBook,
  retireQuestion,
  updateQuestion,
} from './question-bank.repository.js';
import { countOpenFixedPapersWith } from './exam-paper.repository.js';
import {
  answerText,
  checkQuestionCells,
  DIFFICULTY_LABEL,
  KIND_LABEL,
  OPTION_LETTERS,
  questionWorkbook,
  readQuestionSheet,
  type Difficulty,
} from './question-sheet.js';
import { namedErrors } from '../../infra/xlsx.js';

/**
 * 题库 (issue: Console II): a training manager keeps the question bank of each of his
 * organisation's course books — imported from Excel all or nothing, exported, listed, and
 * retired question by question (a retired question is drawn no more; papers handed in still
 * show it).
 */

async function ownBook(ctx: AppContext, user: AuthUser, bookId: string) {
  const book = await findBankBook(ctx.db, bookOwnerOf(user), bookId);
  if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
  return book;
}

/**
 * A bank the caller may read: one of his own books', or a platform book's his organisation
 * added to its catalogue (a class of his may use it, and its 试卷设置 picks from this bank).
 */
async function readableBook(ctx: AppContext, user: AuthUser, bookId: string) {
  const owner = bookOwnerOf(user);
  const book =
    (await findBankBook(ctx.db, owner, bookId)) ??
    (owner !== null ? await findVisibleBook(ctx.db, owner, bookId) : undefined);
  if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
  return book;
}

type Row = Awaited<ReturnType<typeof findAllBankQuestions>>[number];
const toBankQuestion = (ctx: AppContext, r: Row): BankQuestion => ({
  id: r.id,
  kind: r.kind,
  stem: r.stem,
  options: JSON.parse(r.options) as string[],
  answer: answerText(r.kind, JSON.parse(r.answer)),
  analysis: r.analysis,
  points: r.points,
  difficulty: (['easy', 'medium', 'hard'].includes(r.difficulty) ? r.difficulty : 'medium') as Difficulty,
  imageUrl: questionImageUrl(ctx, r.image_file_id),
});

export async function listBankBooks(ctx: AppContext, user: AuthUser): Promise<BankBook[]> {
  const rows = await findBankBooks(ctx.db, bookOwnerOf(user));
  return rows.map((r) => ({ courseBookId: r.id, name: r.name, questionCount: Number(r.question_count ?? 0) }));
}

export async function listBankQuestions(
  ctx: AppContext,
  user: AuthUser,
  bookId: string,
  query: { current: number; size: number; kind?: QuestionKind | undefined; q?: string | undefined },
) {
  await readableBook(ctx, user, bookId);
  const { rows, total } = await findBankQuestions(ctx.db, bookId, {
    kind: query.kind,
    text: query.q,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  return { records: rows.map((r) => toBankQuestion(ctx, r)), total };
}

/** All or nothing: any bad row, or a question the bank already holds, and nothing is written. */
export async function importQuestions(
  ctx: AppContext,
  user: AuthUser,
  bookId: string,
  data: Buffer,
  ip: string,
): Promise<QuestionImportResult> {
  const book = await ownBook(ctx, user, bookId);
  const { questions, errors, names } = await readQuestionSheet(data);
  const duplicatesIn = async (db: Db) => {
    const existing = new Set((await findBankStems(db, bookId)).map((q) => `${q.kind}|${q.stem}`));
    return questions
      .filter((q) => existing.has(`${q.kind}|${q.stem}`))
      .map((q) => ({ row: q.row, field: '题干', msg: '题库中已有这道题' }));
  };
  errors.push(...(await duplicatesIn(ctx.db)));
  if (errors.length > 0)
    return {
      created: 0,
      errors: namedErrors(
        errors.sort((a, b) => a.row - b.row),
        names,
      ),
    };
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    // again under the book's lock: a second import of the same sheet waits, then finds these questions
    await lockBankBook(trx, ctx.dialect, bookId);
    const duplicates = await duplicatesIn(trx);
    if (duplicates.length > 0) return { created: 0, errors: namedErrors(duplicates, names) };
    const base = await lastSortOrder(trx, bookId);
    await insertQuestions(
      trx,
      questions.map((q, i) => ({
        id: crypto.randomUUID(),
        book_id: bookId,
        kind: q.kind,
        stem: q.stem,
        options: JSON.stringify(q.options),
        answer: JSON.stringify(q.answer),
        analysis: q.analysis,
        sort_order: base + i + 1,
        created_at: now,
        points: q.points,
        difficulty: q.difficulty,
      })),
    );
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'question.import',
      targetType: 'course-book',
      targetId: bookId,
      summary: { after: { book: book.name, created: questions.length } },
      now,
    });
    return { created: questions.length, errors: [] };
  });
}

export async function exportQuestions(ctx: AppContext, user: AuthUser, bookId: string) {
  const book = await ownBook(ctx, user, bookId);
  const rows = await findAllBankQuestions(ctx.db, bookId);
  const data = await questionWorkbook(
    rows.map((r) => ({
      kind: r.kind,
      stem: r.stem,
      options: JSON.parse(r.options) as string[],
      answer: JSON.parse(r.answer) as unknown,
      analysis: r.analysis,
      points: r.points,
      difficulty: r.difficulty,
    })),
  );
  return { name: `${book.name}-题库.xlsx`, data };
}

export const questionTemplate = () => questionWorkbook([]);

export async function retire(ctx: AppContext, user: AuthUser, questionId: string, ip: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const question = await retireQuestion(trx, bookOwnerOf(user), questionId, now);
    if (!question) throw new AppError(ErrorCode.NOT_FOUND, '试题不存在');
    // a fixed paper holding it could be drawn no more: its learners' exams would stop (asked
    // once the question is known to be the caller's, and undone with the retire)
    const papers = await countOpenFixedPapersWith(trx, questionId);
    if (papers > 0) {
      throw new AppError(
        ErrorCode.DUPLICATE,
        `这道题在${papers}个班级课程的固定试卷中，停用后这些课程的考试将无法组卷：请先在班级的“试卷”中换下这道题`,
      );
    }
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'question.retire',
      targetType: 'question',
      targetId: questionId,
      summary: { before: { stem: question.stem.slice(0, 60) } },
      now,
    });
  });
}

type QuestionInput = z.output<typeof questionBody>;

/** The form's fields checked by the sheet's rules (one set of rules for both ways in). */
function checked(body: QuestionInput) {
  const cells: Record<string, string> = {
    题型: KIND_LABEL[body.kind],
    题干: body.stem,
    答案: body.answer,
    解析: body.analysis,
    分值: body.points === null ? '' : String(body.points),
    难度: DIFFICULTY_LABEL[body.difficulty],
    ...Object.fromEntries(OPTION_LETTERS.map((l, i) => [`选项${l}`, body.options[i] ?? ''])),
  };
  const result = checkQuestionCells((column) => cells[column] ?? '');
  if ('msg' in result) throw new AppError(ErrorCode.BAD_REQUEST, result.msg);
  return result;
}

async function refuseDuplicate(db: Db, bookId: string, q: { kind: string; stem: string }, except?: string) {
  const same = (await findBankStems(db, bookId)).find((r) => r.kind === q.kind && r.stem === q.stem && r.id !== except);
  if (same) throw new AppError(ErrorCode.DUPLICATE, '题库中已有这道题');
}

/** 新增试题: one question written in the console, appended to the bank. */
export async function createQuestion(ctx: AppContext, user: AuthUser, bookId: string, body: QuestionInput, ip: string) {
  await ownBook(ctx, user, bookId);
  const q = checked(body);
  const id = crypto.randomUUID();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockBankBook(trx, ctx.dialect, bookId);
    await refuseDuplicate(trx, bookId, q);
    await insertQuestions(trx, [
      {
        id,
        book_id: bookId,
        kind: q.kind,
        stem: q.stem,
        options: JSON.stringify(q.options),
        answer: JSON.stringify(q.answer),
        analysis: q.analysis,
        sort_order: (await lastSortOrder(trx, bookId)) + 1,
        created_at: now,
        points: q.points,
        difficulty: q.difficulty,
      },
    ]);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'question.create',
      targetType: 'question',
      targetId: id,
      summary: { after: { stem: q.stem.slice(0, 60) } },
      now,
    });
  });
  return toBankQuestion(ctx, (await findOwnQuestion(ctx.db, bookOwnerOf(user), id))!);
}

/**
 * 修改试题. Papers already drawn keep their own copy of each question, so an edit changes
 * practice and the papers drawn after it, never an attempt in progress or handed in.
 */
export async function editQuestion(ctx: AppContext, user: AuthUser, id: string, body: QuestionInput, ip: string) {
  const before = await findOwnQuestion(ctx.db, bookOwnerOf(user), id);
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '试题不存在');
  if (before.retired_at !== null) throw new AppError(ErrorCode.DUPLICATE, '已停用的试题不能修改');
  const q = checked(body);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockBankBook(trx, ctx.dialect, before.book_id);
    await refuseDuplicate(trx, before.book_id, q, id);
    await updateQuestion(trx, id, {
      kind: q.kind,
      stem: q.stem,
      options: JSON.stringify(q.options),
      answer: JSON.stringify(q.answer),
      analysis: q.analysis,
      points: q.points,
      difficulty: q.difficulty,
    });
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'question.update',
      targetType: 'question',
      targetId: id,
      summary: changedFields(
        {
          kind: before.kind,
          stem: before.stem,
          options: JSON.parse(before.options),
          answer: JSON.parse(before.answer),
          analysis: before.analysis,
          points: before.points,
          difficulty: before.difficulty,
        },
        {
          kind: q.kind,
          stem: q.stem,
          options: q.options,
          answer: q.answer,
          analysis: q.analysis,
          points: q.points,
          difficulty: q.difficulty,
        },
        ['stem'],
      ),
      now,
    });
  });
  return toBankQuestion(ctx, (await findOwnQuestion(ctx.db, bookOwnerOf(user), id))!);
}

/** Takes the image off a question; the file stays, for papers drawn while it was on. */
export async function removeQuestionImage(ctx: AppContext, user: AuthUser, id: string, ip: string) {
  const before = await findOwnQuestion(ctx.db, bookOwnerOf(user), id);
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '试题不存在');
  if (before.retired_at !== null) throw new AppError(ErrorCode.DUPLICATE, '已停用的试题不能修改');
  if (before.image_file_id !== null) {
    await ctx.db.transaction().execute(async (trx) => {
      await updateQuestion(trx, id, { image_file_id: null });
      await recordAudit(trx, {
        actor: user,
        ip,
        action: 'question.image-remove',
        targetType: 'question',
        targetId: id,
        summary: { before: { stem: before.stem.slice(0, 60) } },
        now: ctx.now(),
      });
    });
  }
  return toBankQuestion(ctx, (await findOwnQuestion(ctx.db, bookOwnerOf(user), id))!);
}
