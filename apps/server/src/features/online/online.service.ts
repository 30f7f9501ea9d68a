import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { AnswerPost, AnswerThread, Comment } from '@anxun/shared/schemas/online';
import { maskName } from '@anxun/shared/validators';
import type { AppContext } from '../../app-context.js';
import { studiesBook } from '../../core/training-records.repository.js';
import { findVisibleBook } from '../../core/catalogue.repository.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import {
  deleteAnswerOfPerson,
  deleteCommentOfPerson,
  findAnswer,
  findCommentOfPerson,
  findComments,
  findThreads,
  insertAnswer,
  saveComment,
  updateAnswerOfPerson,
  type AnswerRow,
  type CommentRow,
} from './online.repository.js';
import { recordTime } from '../../core/record-time.js';

const iso = recordTime;

/** Who wrote a post, as the viewer sees it: others see a masked name, the author their own. */
function authorOf(row: { person_id: string; author_name: string }, viewer: AuthUser | undefined) {
  const mine = row.person_id === viewer?.personId;
  return { authorName: mine ? row.author_name : maskName(row.author_name), mine };
}

function toComment(row: CommentRow, viewer: AuthUser | undefined): Comment {
  return {
    id: row.id,
    courseBookId: row.book_id,
    courseName: row.book_name,
    rating: row.rating,
    content: row.content,
    ...authorOf(row, viewer),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toPost(row: AnswerRow, viewer: AuthUser | undefined): AnswerPost {
  return {
    id: row.id,
    courseBookId: row.book_id,
    parentId: row.parent_id,
    content: row.content,
    ...authorOf(row, viewer),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The book, if the viewer's organisation offers it; anything else is as absent as a missing one. */
async function visibleBook(ctx: AppContext, orgId: string, bookId: string) {
  const book = await findVisibleBook(ctx.db, orgId, bookId);
  if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
  return book;
}

/** Posting: a learner of the course, within the posting budget. */
async function checkMayPost(ctx: AppContext, user: AuthUser, bookId: string, refusal: string): Promise<void> {
  await visibleBook(ctx, user.orgId, bookId);
  if (!(await studiesBook(ctx.db, user.personId, bookId))) throw new AppError(ErrorCode.FORBIDDEN, refusal);
  const wait = await ctx.limiters.postPerPerson.hit(user.personId);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, '发布过于频繁，请稍后再试', wait);
}

export async function listComments(
  ctx: AppContext,
  viewer: AuthUser | undefined,
  orgId: string,
  query: { courseBookId?: string | undefined; minRating?: number | undefined; current: number; size: number },
) {
  if (query.courseBookId) await visibleBook(ctx, orgId, query.courseBookId);
  const { rows, total, average } = await findComments(ctx.db, orgId, {
    ...(query.courseBookId ? { bookId: query.courseBookId } : {}),
    ...(query.minRating ? { minRating: query.minRating } : {}),
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  const own =
    viewer && query.courseBookId ? await findCommentOfPerson(ctx.db, query.courseBookId, viewer.personId) : undefined;
  return {
    records: rows.map((r) => toComment(r, viewer)),
    total,
    averageRating: Math.round(average * 10) / 10,
    mine: own ? toComment(own, viewer) : null,
  };
}

export async function submitComment(
  ctx: AppContext,
  user: AuthUser,
  body: { courseBookId: string; rating: number; content: string },
): Promise<Comment> {
  await checkMayPost(ctx, user, body.courseBookId, '参加本课程学习后才能评价');
  await saveComment(ctx.db, {
    id: crypto.randomUUID(),
    book_id: body.courseBookId,
    person_id: user.personId,
    rating: body.rating,
    content: body.content,
    now: ctx.now(),
  });
  const row = await findCommentOfPerson(ctx.db, body.courseBookId, user.personId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '评价不存在');
  return toComment(row, user);
}

export async function deleteComment(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  if (!(await deleteCommentOfPerson(ctx.db, id, user.personId))) {
    throw new AppError(ErrorCode.NOT_FOUND, '评价不存在或不是您发布的');
  }
}

export async function listThreads(
  ctx: AppContext,
  viewer: AuthUser | undefined,
  orgId: string,
  query: { courseBookId: string; current: number; size: number },
): Promise<{ records: AnswerThread[]; total: number }> {
  await visibleBook(ctx, orgId, query.courseBookId);
  const { questions, replies, total } = await findThreads(
    ctx.db,
    orgId,
    query.courseBookId,
    (query.current - 1) * query.size,
    query.size,
  );
  return {
    total,
    records: questions.map((q) => ({
      ...toPost(q, viewer),
      deleted: q.deleted_at !== null,
      replies: replies.filter((r) => r.parent_id === q.id).map((r) => toPost(r, viewer)),
    })),
  };
}

export async function submitAnswer(
  ctx: AppContext,
  user: AuthUser,
  body: { courseBookId: string; parentId?: string | undefined; content: string },
): Promise<AnswerPost> {
  await checkMayPost(ctx, user, body.courseBookId, '参加本课程学习后才能参与讨论');
  if (body.parentId) {
    // answers hang off a live question of the same course, one level deep
    const parent = await findAnswer(ctx.db, body.parentId);
    // a question of his own organisation's: another's is not his to see, nor to answer
    if (
      !parent ||
      parent.book_id !== body.courseBookId ||
      parent.parent_id !== null ||
      parent.author_org_id !== user.orgId
    ) {
      throw new AppError(ErrorCode.NOT_FOUND, '要回复的问题不存在');
    }
  }
  const id = crypto.randomUUID();
  const now = ctx.now();
  await insertAnswer(ctx.db, {
    id,
    book_id: body.courseBookId,
    person_id: user.personId,
    parent_id: body.parentId ?? null,
    content: body.content,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
  const row = await findAnswer(ctx.db, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '讨论不存在');
  return toPost(row, user);
}

export async function updateAnswer(ctx: AppContext, user: AuthUser, id: string, content: string): Promise<AnswerPost> {
  if (!(await updateAnswerOfPerson(ctx.db, id, user.personId, content, ctx.now()))) {
    throw new AppError(ErrorCode.NOT_FOUND, '讨论不存在或不是您发布的');
  }
  const row = await findAnswer(ctx.db, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '讨论不存在');
  return toPost(row, user);
}

export async function deleteAnswer(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  if (!(await deleteAnswerOfPerson(ctx.db, id, user.personId, ctx.now()))) {
    throw new AppError(ErrorCode.NOT_FOUND, '讨论不存在或不是您发布的');
  }
}
