import { sharedBookPage, sharedBookQuery } from '@anxun/shared/schemas/course-books';
import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { listSharedBooks, setSharedBookAdded } from './shared-books.service.js';

const tags = ['manage: course books'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const addedAnswer = envelope(z.object({ added: z.boolean() }));

/** 平台课程: the platform's shared books an organisation adds to its catalogue. Inside the manage scope. */
export const sharedBooksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/shared-books',
      {
        schema: {
          tags,
          summary: "A page of the platform's shared course books, each saying whether this organisation added it",
          querystring: sharedBookQuery,
          response: { 200: envelope(sharedBookPage), ...errors },
        },
      },
      async (request) => ok(await listSharedBooks(ctx, userOf(request), request.query)),
    );

    for (const added of [true, false]) {
      app.post(
        `/shared-books/:id/${added ? 'add' : 'remove'}`,
        {
          schema: {
            tags,
            summary: added
              ? "Adds a shared book to the organisation's catalogue: its learners see it, its classes may take it"
              : 'Takes a shared book out of the catalogue; classes that have it keep it and their records',
            params: idParam,
            response: { 200: addedAnswer, ...errors },
          },
        },
        async (request) => {
          await setSharedBookAdded(ctx, userOf(request), request.params.id, added, request.ip);
          return ok({ added });
        },
      );
    }
  };
