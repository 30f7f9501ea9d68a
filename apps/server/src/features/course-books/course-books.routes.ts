import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  createBookBody,
  managedBook,
  managedBookPage,
  managedBookQuery,
  updateBookBody,
} from '@anxun/shared/schemas/course-books';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { changeBookState, createBook, editBook, listOwnBooks, type BookAction } from './course-book-admin.service.js';

const tags = ['manage: course books'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const SUMMARIES: Record<BookAction, string> = {
  publish: 'Publishes a course book that holds a unit: learners and classes see it',
  unpublish: 'Takes a published book back to draft, while no class uses it',
  retire: 'Retires a book: gone from the catalogue; classes that have it keep their records',
  restore: 'Brings a retired book back (as it was: draft or published)',
};

/** 课程管理: the organisation's own course books, drafts included. Inside the manage scope. */
export const courseBooksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/course-books',
      {
        schema: {
          tags,
          summary: "A page of the organisation's own course books with their units, questions and classes",
          querystring: managedBookQuery,
          response: { 200: envelope(managedBookPage), ...errors },
        },
      },
      async (request) => ok(await listOwnBooks(ctx, userOf(request), request.query)),
    );

    app.post(
      '/course-books',
      {
        schema: {
          tags,
          summary: 'Creates a course book as a draft (learners see it once published)',
          body: createBookBody,
          response: { 200: envelope(managedBook), ...errors },
        },
      },
      async (request) => ok(await createBook(ctx, userOf(request), request.body, request.ip)),
    );

    app.put(
      '/course-books/:id',
      {
        schema: {
          tags,
          summary: "Edits a course book's name, intro, teachers, category or 学时",
          params: idParam,
          body: updateBookBody,
          response: { 200: envelope(managedBook), ...errors },
        },
      },
      async (request) => ok(await editBook(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    for (const action of ['publish', 'unpublish', 'retire', 'restore'] as const) {
      app.post(
        `/course-books/:id/${action}`,
        {
          schema: {
            tags,
            summary: SUMMARIES[action],
            params: idParam,
            response: { 200: envelope(managedBook), ...errors },
          },
        },
        async (request) => ok(await changeBookState(ctx, userOf(request), request.params.id, action, request.ip)),
      );
    }
  };
