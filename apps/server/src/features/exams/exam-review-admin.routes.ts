import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import { examReview, examResultsExportQuery, grantAttemptBody, grantedAttempt } from '@anxun/shared/schemas/exams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { attachment, XLSX } from '../../http/sheet-upload.js';
import { exportExamResults } from './exam-results-export.service.js';
import { grantExamAttempt } from './exam-attempt-grant.service.js';
import { reviewExamAsManager } from './exam.service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const tags = ['manage: reports'];

/** Learners' answer sheets and a class's exam results for their training manager. Inside the manage scope. */
export const examReviewAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/exam-attempts/export',
      {
        schema: {
          tags,
          summary:
            '考试成绩 of a class as .xlsx (streamed): one row per attempt with its score, pass and answer sheet; ID numbers masked unless `full=1`; audited',
          querystring: examResultsExportQuery,
        },
      },
      async (request, reply) => {
        const { stream, fileName } = await exportExamResults(ctx, userOf(request), request.query, request.ip);
        return reply.type(XLSX).header('content-disposition', attachment(fileName, 'exam-results.xlsx')).send(stream);
      },
    );

    app.get(
      '/exam-attempts/:id',
      {
        schema: {
          tags,
          summary:
            "An exam attempt's answer sheet: each question as it was drawn, the answer given, the key, the score",
          params: idParam,
          response: { 200: envelope(examReview), ...errors },
        },
      },
      async (request) => ok(await reviewExamAsManager(ctx, userOf(request), request.params.id)),
    );

    app.post(
      '/exam-attempts/grant',
      {
        schema: {
          tags,
          summary:
            "允许补考: one more attempt at a course's exam for a member who has used every attempt without passing; audited, the learner told",
          body: grantAttemptBody,
          response: { 200: envelope(grantedAttempt), ...errors },
        },
      },
      async (request) => ok(await grantExamAttempt(ctx, userOf(request), request.body, request.ip)),
    );
  };
