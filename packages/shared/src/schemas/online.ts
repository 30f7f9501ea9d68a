import { z } from 'zod';
import { ANSWER_MAX_LENGTH, COMMENT_MAX_LENGTH } from '../constants.js';
import { pageQuery } from './envelope.js';
import { idText, line, paragraphs } from './text.js';

const commentText = paragraphs(COMMENT_MAX_LENGTH, `评价内容不能超过${COMMENT_MAX_LENGTH}个字`).pipe(
  z.string().min(1, '请输入评价内容'),
);
const answerText = paragraphs(ANSWER_MAX_LENGTH, `讨论内容不能超过${ANSWER_MAX_LENGTH}个字`).pipe(
  z.string().min(1, '请输入讨论内容'),
);

/** A learner's name as others see it (张**), and whether the post is the reader's own. */
const author = { authorName: z.string(), mine: z.boolean() };

/** Course comments (spec §7 Online: cmtion). Without courseBookId: the organisation's newest. */
export const commentsQuery = z.strictObject({
  ...pageQuery.shape,
  courseBookId: idText().optional(),
  /** only comments rated at least this (the home page's testimonials) */
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  /** organisation for guests (signed-in learners see their own) */
  OrgCode: line(32).optional(),
});

export const comment = z.object({
  id: z.string(),
  courseBookId: z.string(),
  courseName: z.string(),
  /** 1–5 */
  rating: z.number(),
  content: z.string(),
  ...author,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof comment>;

export const commentsPage = z.object({
  records: z.array(comment),
  total: z.number(),
  /** average rating of all comments the query matches, 0 when none */
  averageRating: z.number(),
  /**
   * the signed-in learner's own comment on the course asked for, on whatever page it falls
   * (his form shows it on every page); null for a guest, none written, or no course asked
   */
  mine: comment.nullable(),
});

/** One comment per learner per course: submitting again replaces it. */
export const submitCommentBody = z.strictObject({
  courseBookId: idText(),
  rating: z.number({ error: '请选择评分' }).int().min(1, '评分为1到5星').max(5, '评分为1到5星'),
  content: commentText,
});

/** Course discussion (spec §7 Online: answers): questions with their answers. */
export const answersQuery = z.strictObject({ ...pageQuery.shape, courseBookId: idText() });

/** A question (parentId null) or an answer. */
export const answerPost = z.object({
  id: z.string(),
  courseBookId: z.string(),
  parentId: z.string().nullable(),
  content: z.string(),
  ...author,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnswerPost = z.infer<typeof answerPost>;

export const answerThread = answerPost.extend({
  /** the asker deleted the question (content ''); its answers stay */
  deleted: z.boolean(),
  replies: z.array(answerPost),
});
export type AnswerThread = z.infer<typeof answerThread>;

/** A question (no parentId) or an answer to one. */
export const submitAnswerBody = z.strictObject({
  courseBookId: idText(),
  parentId: idText().optional(),
  content: answerText,
});

export const updateAnswerBody = z.strictObject({ id: idText(), content: answerText });

export type CommentsPage = z.infer<typeof commentsPage>;
