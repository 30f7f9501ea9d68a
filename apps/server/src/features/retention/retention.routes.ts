import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import { retentionBody, retentionSettings } from '@anxun/shared/schemas/retention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { changeRetention, retentionSettings as currentSettings } from './retention.service.js';

const tags = ['manage: settings'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** 单位设置 › 档案保存: inside the manage scope (training managers of the organisation). */
export const retentionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings/retention',
      {
        schema: {
          tags,
          summary: "How many years the organisation's training records and face-check photos are kept",
          response: { 200: envelope(retentionSettings), ...errors },
        },
      },
      async (request) => ok(await currentSettings(ctx, userOf(request))),
    );
    app.put(
      '/settings/retention',
      {
        schema: {
          tags,
          summary: 'Sets the retention (3–30 years); audited',
          body: retentionBody,
          response: { 200: envelope(retentionSettings), ...errors },
        },
      },
      async (request) => ok(await changeRetention(ctx, userOf(request), request.body.retentionYears, request.ip)),
    );
  };
