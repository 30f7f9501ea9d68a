import { ErrorCode } from '@anxun/shared/errors';
import { vodParams, vodQuery } from '@anxun/shared/schemas/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { openPoster, openVideo } from './video.service.js';

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
        const { vod, range, stream } = await openVideo(
          ctx,
          { vodId: request.params.vodId, exp: request.query.exp, sig: request.query.sig },
          request.headers.range,
        );
        reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'private, max-age=3600');
        if (range === 'unsatisfiable') {
          reply.header('Content-Range', `bytes */${vod.size}`);
          throw new AppError(ErrorCode.RANGE_NOT_SATISFIABLE);
        }
        reply.type(vod.content_type);
        if (!range) return reply.header('Content-Length', String(vod.size)).send(stream);
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${vod.size}`)
          .header('Content-Length', String(range.end - range.start + 1))
          .send(stream);
      },
    );

    app.get(
      '/api/vod/:vodId/poster',
      {
        schema: {
          tags: ['training'],
          summary: "A transcoded video's poster (JPEG), through its signed URL",
          params: vodParams,
          querystring: vodQuery,
        },
      },
      async (request, reply) => {
        const stream = await openPoster(ctx, {
          vodId: request.params.vodId,
          exp: request.query.exp,
          sig: request.query.sig,
        });
        return reply.type('image/jpeg').header('Cache-Control', 'private, max-age=3600').send(stream);
      },
    );
  };
