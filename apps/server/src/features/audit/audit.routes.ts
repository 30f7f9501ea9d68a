import { auditPage, auditQuery } from '@anxun/shared/schemas/audit';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { listAudit } from './audit.service.js';

/** 操作日志 (issue: Console I): every write of the organisation's managers, newest first. */
export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/audit',
      {
        schema: {
          tags: ['manage: audit'],
          summary: "The organisation's audit log, newest first, filtered by action (or prefix), actor, target and days",
          querystring: auditQuery,
          response: { 200: envelope(auditPage), 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
        },
      },
      async (request) => ok(await listAudit(ctx, userOf(request), request.query)),
    );
  };
