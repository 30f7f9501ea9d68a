import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import { orgCodeParam, orgInfo } from '@anxun/shared/schemas/org';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { orgInfoByCode, orgInfoById } from './org.service.js';

/** Organisation name and logo: public, the header needs them before login. */
export const orgRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['organisation'];
    const response = { 200: envelope(orgInfo), 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };
    app.get(
      '/api/base/baseorg/select/:id',
      { schema: { tags, summary: 'Organisation by id', params: idParam, response } },
      async (request) => ok(await orgInfoById(ctx, request.params.id)),
    );
    app.get(
      '/api/base/baseorg/select-code/:code',
      { schema: { tags, summary: 'Organisation by code', params: orgCodeParam, response } },
      async (request) => ok(await orgInfoByCode(ctx, request.params.code, request.ip)),
    );
  };
