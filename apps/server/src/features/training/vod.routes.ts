import { ErrorCode } from '@anxun/shared/errors';
import { vodParams, vodQuery } from '@anxun/shared/schemas/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { isValidPlaySignature } from '../../core/file-url.js';
import { AppError } from '../../http/app-error.js';
import { parseByteRange } from './byte-range.js';

/**
 * Courseware video with HTTP Range (206), reached only through the signed playUrl that
 * find-WarpCourse hands to enrolled learners: a <video> element plays it without a token.
 */
export const vodRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/vod/:vodId',
      {
        schema: {
          tags: ['training'],
          summary: 'Courseware video bytes (HTTP Range), through the signed playUrl of find-WarpCourse',
          params: vodParams,
          querystring: vodQuery,
        },
      },
      async (request, reply) => {
        const { vodId } = request.params;
        if (!isValidPlaySignature(ctx.keys.secret, vodId, request.query.exp, request.query.sig, ctx.now())) {
          throw new AppError(ErrorCode.FORBIDDEN, '视频链接无效或已过期，请刷新页面');
        }
        const vod = await ctx.db.selectFrom('vods').selectAll().where('id', '=', vodId).executeTakeFirst();
        if (!vod) throw new AppError(ErrorCode.NOT_FOUND, '视频不存在');
        const range = parseByteRange(request.headers.range, vod.size);
        reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'private, max-age=3600');
        if (range === 'unsatisfiable') {
          reply.header('Content-Range', `bytes */${vod.size}`);
          throw new AppError(ErrorCode.RANGE_NOT_SATISFIABLE);
        }
        const stream = await ctx.files.read(vod.storage_key, range);
        if (!stream) throw new AppError(ErrorCode.NOT_FOUND, '视频不存在');
        reply.type(vod.content_type);
        if (!range) return reply.header('Content-Length', String(vod.size)).send(stream);
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${vod.size}`)
          .header('Content-Length', String(range.end - range.start + 1))
          .send(stream);
      },
    );
  };
