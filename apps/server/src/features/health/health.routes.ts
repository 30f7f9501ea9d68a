import { envelope } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { pingDatabase } from '../../infra/database.js';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database answers; which database and realtime bus are in use',
          response: {
            200: envelope(z.object({ status: z.literal('ok'), database: z.string(), realtime: z.string() })),
          },
        },
      },
      async () => {
        await pingDatabase(ctx.db);
        return ok({ status: 'ok' as const, database: ctx.dialect, realtime: ctx.redis ? 'redis' : 'local' });
      },
    );

    // Liveness for a process manager (and the bench's bare route): the process answers, nothing more.
    app.get(
      '/api/health/live',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process answers HTTP',
          response: { 200: envelope(z.object({ status: z.literal('ok') })) },
        },
      },
      async () => ok({ status: 'ok' as const }),
    );
  };
