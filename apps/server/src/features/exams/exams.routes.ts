import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  courseBookBody,
  examHistoryQuery,
  examPaper,
  examReview,
  examSaveBody,
  examStartBody,
  examSummary as examSummarySchema,
  practiceAnswerBody,
  practiceNextQuery,
  practiceQuestion,
  practiceResult,
  questionView,
} from '@anxun/shared/schemas/exams';
import { idText } from '@anxun/shared/schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import { examSummary, reviewExam, saveAnswers, startExam, submitExam, type ExamCheckGate } from './exam.service.js';
import { answerQuestion, nextQuestion, resetSequential, wrongBook } from './practice.service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/**
 * 练题 (spec /exams): practice — sequential, random, the wrong-answer book — and a
 * course's timed exam scored on the server. Keys and analyses are revealed only after
 * the learner answers (practice) or hands in the paper (exam).
 */
export const examsRoutes =
  (ctx: AppContext, options: { faceGate?: ExamCheckGate } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['exams'];
    const auth = requireUser(ctx);

    app.get(
      '/api/exam/practice/next',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'The next practice question (sequential resumes where the learner stopped), without its answer',
          querystring: practiceNextQuery,
          response: { 200: envelope(practiceQuestion), ...errors },
        },
      },
      async (request) => ok(await nextQuestion(ctx, userOf(request), request.query.courseBookId, request.query.mode)),
    );

    app.post(
      '/api/exam/practice/answer',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'Checks a practice answer and reveals its key and analysis',
          body: practiceAnswerBody,
          response: { 200: envelope(practiceResult), ...errors },
        },
      },
      async (request) => ok(await answerQuestion(ctx, userOf(request), request.body)),
    );

    app.post(
      '/api/exam/practice/reset',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'Starts sequential practice again from the first question',
          body: courseBookBody,
          response: { 200: envelope(z.object({ reset: z.literal(true) })), ...errors },
        },
      },
      async (request) => {
        await resetSequential(ctx, userOf(request), request.body.courseBookId);
        return ok({ reset: true as const });
      },
    );

    app.get(
      '/api/exam/wrong-book',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's wrong-answer book of a course book",
          querystring: z.strictObject({ courseBookId: idText() }),
          response: {
            200: envelope(
              z.object({
                total: z.number(),
                records: z.array(questionView.extend({ wrongCount: z.number(), streak: z.number() })),
              }),
            ),
            ...errors,
          },
        },
      },
      async (request) => ok(await wrongBook(ctx, userOf(request), request.query.courseBookId)),
    );

    app.get(
      '/api/exam/mock/summary',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "A course's exam settings and the learner's attempts",
          querystring: examHistoryQuery,
          response: { 200: envelope(examSummarySchema), ...errors },
        },
      },
      async (request) => ok(await examSummary(ctx, userOf(request), request.query.trainClassCourseId)),
    );

    app.post(
      '/api/exam/mock/start',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "Starts (or resumes) a course's exam: the paper without its keys, and the server's deadline",
          body: examStartBody,
          response: { 200: envelope(examPaper), ...errors },
        },
      },
      async (request) =>
        ok(
          await startExam(ctx, userOf(request), request.body.trainClassCourseId, options.faceGate, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          }),
        ),
    );

    app.post(
      '/api/exam/mock/save',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'Saves the answers so far (refused after the deadline)',
          body: examSaveBody,
          response: { 200: envelope(z.object({ savedAt: z.string() })), ...errors },
        },
      },
      async (request) =>
        ok(await saveAnswers(ctx, userOf(request), request.body.attemptId, request.body.answers, options.faceGate)),
    );

    app.post(
      '/api/exam/mock/submit',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'Hands in the paper: scored on the server; after the deadline only answers saved in time count',
          body: examSaveBody,
          response: { 200: envelope(examReview), ...errors },
        },
      },
      async (request) =>
        ok(await submitExam(ctx, userOf(request), request.body.attemptId, request.body.answers, options.faceGate)),
    );

    app.get(
      '/api/exam/mock/review/:id',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'A handed-in paper with the answers, keys and analyses',
          params: idParam,
          response: { 200: envelope(examReview), ...errors },
        },
      },
      async (request) => ok(await reviewExam(ctx, userOf(request), request.params.id)),
    );
  };
