import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import { paperRulesBody, paperSetup } from '@anxun/shared/schemas/exams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { paperSetup as readSetup, savePaperSetup } from './exam-paper.service.js';

const tags = ['manage: question banks'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const params = z.strictObject({ id: z.string().max(64), classCourseId: z.string().max(64) });

/** 试卷设置 of a class's course: rules, problems, a sample paper. Inside the manage scope. */
export const examPaperRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/classes/:id/courses/:classCourseId/paper',
      {
        schema: {
          tags,
          summary: "How the course's exam papers are drawn, what stops that, and a sample paper with keys",
          params,
          response: { 200: envelope(paperSetup), ...errors },
        },
      },
      async (request) => ok(await readSetup(ctx, userOf(request), request.params.id, request.params.classCourseId)),
    );

    app.put(
      '/classes/:id/courses/:classCourseId/paper',
      {
        schema: {
          tags,
          summary:
            "Sets how the course's exam papers are drawn (null: the default plan); papers already drawn keep theirs",
          params,
          body: paperRulesBody,
          response: { 200: envelope(paperSetup), ...errors },
        },
      },
      async (request) =>
        ok(
          await savePaperSetup(
            ctx,
            userOf(request),
            request.params.id,
            request.params.classCourseId,
            request.body.rules,
            request.ip,
          ),
        ),
    );
  };
