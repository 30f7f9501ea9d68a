import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  announcement,
  announcementPage,
  announcementQuery,
  createAnnouncementBody,
  updateAnnouncementBody,
} from '@anxun/shared/schemas/notices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import {
  createAnnouncement,
  editAnnouncement,
  listAnnouncements,
  setAnnouncementWithdrawn,
} from './notice-admin.service.js';

const tags = ['manage: notices'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/**
 * 通知公告 (issue: Console I): a training manager publishes, edits and withdraws
 * announcements for the organisation or one class; learners read them in `/notice/getList`.
 */
export const noticesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notices',
      {
        schema: {
          tags,
          summary: "A page of the organisation's announcements, newest first",
          querystring: announcementQuery,
          response: { 200: envelope(announcementPage), ...errors },
        },
      },
      async (request) => ok(await listAnnouncements(ctx, userOf(request), request.query)),
    );

    app.post(
      '/notices',
      {
        schema: {
          tags,
          summary: 'Publishes an announcement for the organisation (no classId) or one class',
          body: createAnnouncementBody,
          response: { 200: envelope(announcement), ...errors },
        },
      },
      async (request) => ok(await createAnnouncement(ctx, userOf(request), request.body, request.ip)),
    );

    app.put(
      '/notices/:id',
      {
        schema: {
          tags,
          summary: "Edits an announcement's title or content",
          params: idParam,
          body: updateAnnouncementBody,
          response: { 200: envelope(announcement), ...errors },
        },
      },
      async (request) => ok(await editAnnouncement(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    for (const [action, withdrawn] of [
      ['withdraw', true],
      ['republish', false],
    ] as const) {
      app.post(
        `/notices/:id/${action}`,
        {
          schema: {
            tags,
            summary: withdrawn ? 'Withdraws an announcement: learners no longer see it' : 'Publishes it again',
            params: idParam,
            response: { 200: envelope(announcement), ...errors },
          },
        },
        async (request) =>
          ok(await setAnnouncementWithdrawn(ctx, userOf(request), request.params.id, withdrawn, request.ip)),
      );
    }
  };
