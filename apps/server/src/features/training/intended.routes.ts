import { ErrorCode } from '@anxun/shared/errors';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import { intendedPersonBody } from '@anxun/shared/schemas/training';
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { findViewer, viewerOrgId } from '../../core/viewer.js';
import { AppError, ok } from '../../http/app-error.js';
import { insertIntendedPerson } from '../../core/enquiry.repository.js';

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
      async (request) => {
        const wait = await ctx.limiters.intentPerIp.hit(request.ip);
        if (wait) throw new AppError(ErrorCode.RATE_LIMITED, '提交过于频繁，请稍后再试', wait);
        const body = request.body;
        const orgId = await viewerOrgId(ctx, await findViewer(ctx, request), body.OrgCode);
        await insertIntendedPerson(ctx.db, {
          id: crypto.randomUUID(),
          org_id: orgId,
          name: body.name,
          phone: body.phone,
          org_name: body.orgName,
          course_name: body.courseName?.trim() ?? '',
          note: body.note ?? '',
          ip: request.ip,
          created_at: ctx.now(),
        });
        return ok({ received: true as const });
      },
    );
  };
