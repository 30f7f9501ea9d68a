import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  answerPost,
  answerThread,
  answersQuery,
  comment,
  commentsPage,
  commentsQuery,
  submitAnswerBody,
  submitCommentBody,
  updateAnswerBody,
} from '@anxun/shared/schemas/online';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { findViewer, viewerOrgId } from '../../core/viewer.js';
import { ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import {
  deleteAnswer,
  deleteComment,
  listComments,
  listThreads,
  submitAnswer,
  submitComment,
  updateAnswer,
} from './online.service.js';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  429: errorEnvelope,
};
const deleted = envelope(z.object({ deleted: z.literal(true) }));

/**
 * Course comments and discussion (spec §7 Online). Anyone who may see a course reads them
 * (names masked); its learners write, edit and delete their own.
 */
export const onlineRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['online'];
    const auth = requireUser(ctx);

    app.get(
      '/api/online/cmtion/select-page',
      {
        schema: {
          tags,
          summary: "A course's comments with the average rating; without courseBookId the organisation's newest",
          querystring: commentsQuery,
          response: { 200: envelope(commentsPage), ...errors },
        },
      },
      async (request) => {
        const viewer = await findViewer(ctx, request);
        const orgId = await viewerOrgId(ctx, viewer, request.query.OrgCode, request.ip);
        return ok(await listComments(ctx, viewer, orgId, request.query));
      },
    );

    app.post(
      '/api/online/cmtion/submit',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's comment and 1–5 rating on a course they study (submitting again replaces it)",
          body: submitCommentBody,
          response: { 200: envelope(comment), ...errors },
        },
      },
      async (request) => ok(await submitComment(ctx, userOf(request), request.body)),
    );

    app.delete(
      '/api/online/cmtion/delete/:id',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "Deletes the learner's own comment",
          params: idParam,
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await deleteComment(ctx, userOf(request), request.params.id);
        return ok({ deleted: true as const });
      },
    );

    app.get(
      '/api/online/answers/select-page',
      {
        schema: {
          tags,
          summary: "A course's discussion: questions, newest first, each with its answers",
          querystring: answersQuery,
          response: { 200: envelope(z.object({ records: z.array(answerThread), total: z.number() })), ...errors },
        },
      },
      async (request) => {
        const viewer = await findViewer(ctx, request);
        const orgId = await viewerOrgId(ctx, viewer);
        return ok(await listThreads(ctx, viewer, orgId, request.query));
      },
    );

    app.post(
      '/api/online/answers/submit',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'A question on a course the learner studies, or (parentId) an answer to one',
          body: submitAnswerBody,
          response: { 200: envelope(answerPost), ...errors },
        },
      },
      async (request) => ok(await submitAnswer(ctx, userOf(request), request.body)),
    );

    app.post(
      '/api/online/answers/update',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "Edits the learner's own question or answer",
          body: updateAnswerBody,
          response: { 200: envelope(answerPost), ...errors },
        },
      },
      async (request) => ok(await updateAnswer(ctx, userOf(request), request.body.id, request.body.content)),
    );

    app.delete(
      '/api/online/answers/delete/:id',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "Deletes the learner's own question or answer (a question's answers stay)",
          params: idParam,
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await deleteAnswer(ctx, userOf(request), request.params.id);
        return ok({ deleted: true as const });
      },
    );
  };
