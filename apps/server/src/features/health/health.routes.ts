import { ErrorCode, errorTable } from '@anxun/shared/errors';
import { envelope } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { pingDatabase } from '../../infra/database.js';

/** How long a dependency may take to answer before it counts as down. */
const CHECK_MS = 2_000;

const within = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

const state = z.enum(['ok', 'down']);
const readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: state,
  /** off: no REDIS_URL, one node alone */
  redis: z.enum(['ok', 'down', 'off']),
});

/**
 * Health for a load balancer and a process manager: `/api/health/live` — the process answers;
 * `/api/health/ready` (and `/api/health`) — the database and, when configured, Redis answer
 * within two seconds, else 503 with which one is down, so the node is taken out of rotation
 * rather than sent requests it would fail.
 */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const ready = async () => {
      const [database, redis] = await Promise.all([
        within(pingDatabase(ctx.db), CHECK_MS).then(
          () => 'ok' as const,
          () => 'down' as const,
        ),
        !ctx.redis
          ? ('off' as const)
          : ctx.redis.status !== 'ready' || !ctx.bus.connected
            ? ('down' as const)
            : within(ctx.redis.ping(), CHECK_MS).then(
                () => 'ok' as const,
                () => 'down' as const,
              ),
      ]);
      const up = database === 'ok' && redis !== 'down';
      return { up, data: { status: up ? ('ok' as const) : ('unavailable' as const), database, redis } };
    };
    const schema = (summary: string) => ({
      tags: ['health'],
      summary,
      response: {
        200: envelope(readiness),
        503: z.object({ code: z.number(), msg: z.string(), data: readiness }),
      },
    });
    for (const url of ['/api/health/ready', '/api/health']) {
      app.get(
        url,
        {
          schema: schema(
            url === '/api/health'
              ? 'Readiness (the same as /api/health/ready)'
              : 'Readiness for a load balancer: 200 when the database and (if configured) Redis answer, else 503 naming which is down',
          ),
        },
        async (_request, reply) => {
          const { up, data } = await ready();
          if (up) return ok(data);
          const { status, msg } = errorTable[ErrorCode.SERVICE_UNAVAILABLE];
          return reply.code(status as 503).send({ code: ErrorCode.SERVICE_UNAVAILABLE, msg, data });
        },
      );
    }

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
