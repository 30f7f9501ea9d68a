import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import { bookUnits, unitEditBody, unitOrderBody } from '@anxun/shared/schemas/courseware';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import {
  dismissUpload,
  listBookUnits,
  orderBookUnits,
  removeBookUnit,
  renameBookUnit,
  retryUpload,
} from './units.service.js';

const tags = ['manage: course books'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const answer = { 200: envelope(bookUnits), ...errors };

/** 课件 of a course book: list with uploads in progress, order, rename, remove. Inside the manage scope. */
export const courseUnitsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/course-books/:id/units',
      {
        schema: {
          tags,
          summary: "A course book's units in order, and its uploads still being processed or failed",
          params: idParam,
          response: answer,
        },
      },
      async (request) => ok(await listBookUnits(ctx, userOf(request), request.params.id)),
    );

    app.put(
      '/course-books/:id/units/order',
      {
        schema: {
          tags,
          summary: "Puts a course book's units in the given order (every unit of the book, once)",
          params: idParam,
          body: unitOrderBody,
          response: answer,
        },
      },
      async (request) =>
        ok(await orderBookUnits(ctx, userOf(request), request.params.id, request.body.warpIds, request.ip)),
    );

    app.put(
      '/course-units/:id',
      { schema: { tags, summary: 'Renames a unit', params: idParam, body: unitEditBody, response: answer } },
      async (request) =>
        ok(await renameBookUnit(ctx, userOf(request), request.params.id, request.body.title, request.ip)),
    );

    app.delete(
      '/course-units/:id',
      {
        schema: {
          tags,
          summary: 'Removes a unit nobody has studied (one with study records stays)',
          params: idParam,
          response: answer,
        },
      },
      async (request) => ok(await removeBookUnit(ctx, userOf(request), request.params.id, request.ip)),
    );

    app.post(
      '/course-uploads/:id/retry',
      {
        schema: { tags, summary: 'Processes a failed upload again', params: idParam, response: answer },
      },
      async (request) => ok(await retryUpload(ctx, userOf(request), request.params.id, request.ip)),
    );

    app.delete(
      '/course-uploads/:id',
      {
        schema: {
          tags,
          summary: 'Forgets an upload that failed or waits, with its file',
          params: idParam,
          response: answer,
        },
      },
      async (request) => ok(await dismissUpload(ctx, userOf(request), request.params.id, request.ip)),
    );
  };
