import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import { noticeList, routeList, searchList, searchQuery } from '@anxun/shared/schemas/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { findViewer } from '../../core/viewer.js';
import { ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import { menuFor } from './menu.js';
import { clearAllNotices, listNotices } from './notice.service.js';
import { searchSuggestions } from './search.service.js';

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
      async (request) => ok(await searchSuggestions(ctx, await findViewer(ctx, request), request.query.searchWord)),
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
