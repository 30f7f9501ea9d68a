import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import { intendedPersonBody } from '@anxun/shared/schemas/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { findViewer } from '../../core/viewer.js';
import { ok } from '../../http/app-error.js';
import { leaveEnquiry } from './enquiry-intake.service.js';

/** 报名意向 (spec §7 intendedPerson/addNew-Intended): anyone may leave one; a training manager follows up. */
export const intendedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/train/intendedPerson/addNew-Intended',
      {
        schema: {
          tags: ['training'],
          summary: 'An enrolment intent from the public form (name, phone, organisation, course, note)',
          body: intendedPersonBody,
          response: {
            200: envelope(z.object({ received: z.literal(true) })),
            400: errorEnvelope,
            404: errorEnvelope,
            429: errorEnvelope,
          },
        },
      },
      async (request) => ok(await leaveEnquiry(ctx, await findViewer(ctx, request), request.body, request.ip)),
    );
  };
