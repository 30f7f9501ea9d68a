import { DEFAULT_ORG_CODE, Role } from '@anxun/shared/constants';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import { noticeList, routeList, searchList, searchQuery } from '@anxun/shared/schemas/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { authenticateToken } from '../../core/session.service.js';
import { ok } from '../../http/app-error.js';
import { requireUser, tokenFromHeader, userOf } from '../../http/auth-guard.js';
import { menuFor, searchMenu } from './menu.js';
import { clearAllNotices, listNotices } from './notice.service.js';
import { searchCourseNames } from './search.repository.js';

/** The shell's data calls (spec §7 "Shell and template leftovers"), at the spec's paths. */
export const shellRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['shell'];

    app.get(
      '/notice/getList',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "The user's notices and messages",
          response: { 200: envelope(noticeList), 401: errorEnvelope },
        },
      },
      async (request) => ok(await listNotices(ctx, userOf(request))),
    );

    app.post(
      '/notice/clear',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "Clear the user's notices",
          response: { 200: envelope(z.null()), 401: errorEnvelope },
        },
      },
      async (request) => {
        await clearAllNotices(ctx, userOf(request));
        return { ...ok(null), msg: '清空消息成功' };
      },
    );

    app.get(
      '/search/getList',
      {
        schema: {
          tags,
          summary: 'Search suggestions',
          querystring: searchQuery,
          response: { 200: envelope(searchList) },
        },
      },
      async (request) => {
        const token = tokenFromHeader(request);
        const user = token ? await authenticateToken(ctx, token).catch(() => undefined) : undefined;
        const word = (request.query.searchWord ?? '').trim();
        const courses = word ? await searchCourseNames(ctx.db, DEFAULT_ORG_CODE, user?.orgId, word) : [];
        return ok({
          list: [
            ...searchMenu(word, user?.role ?? Role.LEARNER),
            ...courses.map((c) => ({ value: c.name, url: `/#/course?id=${c.id}` })),
          ],
        });
      },
    );

    app.get(
      '/router/getList',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "Menu routes for the user's roles",
          response: { 200: envelope(routeList), 401: errorEnvelope },
        },
      },
      async (request) => ok({ list: menuFor(userOf(request).role) }),
    );
  };
