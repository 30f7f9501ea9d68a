import { ErrorCode } from '@anxun/shared/errors';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, ok } from '../../http/app-error.js';

/**
 * `/api/dev/sms-outbox?tel=`: what the console SMS provider "sent". Registered only with
 * SMS_PROVIDER=console outside production: with it, anyone could read any check code.
 */
export const devRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/sms-outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Messages the console SMS provider sent to a phone (development only)',
          querystring: z.strictObject({ tel: z.string().min(1).max(32) }),
          response: {
            200: envelope(
              z.object({ list: z.array(z.object({ phone: z.string(), text: z.string(), sentAt: z.string() })) }),
            ),
            404: errorEnvelope,
          },
        },
      },
      async (request) => {
        const outbox = ctx.sms.outbox;
        if (!outbox) throw new AppError(ErrorCode.NOT_FOUND);
        return ok({ list: outbox.list(request.query.tel) });
      },
    );
  };
