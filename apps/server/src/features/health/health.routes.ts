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
  /** degraded: Redis is down — every node serves on (its own counters, sockets re-checked), so a load balancer keeps them all */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: state,
  /** off: no REDIS_URL, one node alone */
  redis: z.enum(['ok', 'down', 'off']),
});

/**
 * Health for a load balancer and a process manager: `/api/health/live` — the process answers;
 * `/api/health/ready` (and `/api/health`) — the database answers within two seconds, else 503,
 * so the node is taken out of rotation rather than sent requests it would fail. A configured
 * Redis that is down is named (status degraded) but keeps no node out: every node serves on
 * without it, and a balancer would otherwise drop them all at once.
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
      // Redis down takes no node out: all would go at once, though each serves on without it
      const up = database === 'ok';
      const status = !up ? ('unavailable' as const) : redis === 'down' ? ('degraded' as const) : ('ok' as const);
      return { up, data: { status, database, redis } };
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
              : 'Readiness for a load balancer: 200 when the database answers (status degraded while a configured Redis is down), else 503',
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
