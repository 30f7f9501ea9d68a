import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import { examReview } from '@anxun/shared/schemas/exams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { reviewExamAsManager } from './exam.service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** A learner's answer sheet for his training manager (reports, archives). Inside the manage scope. */
export const examReviewAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/exam-attempts/:id',
      {
        schema: {
          tags: ['manage: reports'],
          summary:
            "An exam attempt's answer sheet: each question as it was drawn, the answer given, the key, the score",
          params: idParam,
          response: { 200: envelope(examReview), ...errors },
        },
      },
      async (request) => ok(await reviewExamAsManager(ctx, userOf(request), request.params.id)),
    );
  };
