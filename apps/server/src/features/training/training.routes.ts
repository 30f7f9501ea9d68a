import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  addRecnumParams,
  addRecnumQuery,
  findWarpCourseBody,
  studyTime,
  updateWarpBody,
  updateWarpResult,
  warpCourseData,
} from '@anxun/shared/schemas/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import { countStudyStart, myStudyTime, myUnits, report } from './my-study.service.js';
import { CreditBatcher, type FaceGate } from './study-credit.service.js';

const tags = ['training'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** The learner's units and study (spec §7 cls_Warp/*); the credit batch is this plugin's. */
export const trainingRoutes =
  (ctx: AppContext, options: { faceGate?: FaceGate } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const batcher = new CreditBatcher(ctx, options.faceGate);
    // a report whose player hung up while it waited is still written before the database closes
    app.addHook('onClose', async () => {
      await batcher.idle();
    });
    const auth = requireUser(ctx);

    app.post(
      '/api/train/cls_Warp/find-WarpCourse',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's courseware records, with a short-lived playUrl for each video",
          body: findWarpCourseBody.nullish(),
          response: { 200: envelope(z.array(warpCourseData)), ...errors },
        },
      },
      async (request) => ok(await myUnits(ctx, userOf(request), request.body ?? {})),
    );

    app.post(
      '/api/train/cls_Warp/update-Warp',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'A progress report: the server decides the credited seconds',
          description:
            'Form field `entity` (RSA-OAEP ciphertext of the JSON, or the JSON itself) or a JSON body `{trainWarpCourseId, playbackId, seq, position, rate, hidden}`.',
          body: updateWarpBody,
          response: { 200: envelope(updateWarpResult), ...errors },
        },
      },
      async (request) =>
        ok(
          await report(ctx, batcher, userOf(request), request.body, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            requestId: request.id,
          }),
        ),
    );

    app.get(
      '/api/train/cls_Warp/addRecnum/:trainPersonId/:courseBookId/:warpId',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'Counts a study start, once per playback',
          params: addRecnumParams,
          querystring: addRecnumQuery,
          response: { 200: envelope(z.object({ counted: z.boolean(), studyCount: z.number() })), ...errors },
        },
      },
      async (request) => ok(await countStudyStart(ctx, userOf(request), request.params, request.query.playbackId)),
    );

    app.get(
      '/api/train/cls_Warp/select-study-time/:id',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's study totals (id: the learner's own user id or class membership id)",
          params: idParam,
          response: { 200: envelope(studyTime), ...errors },
        },
      },
      async (request) => ok(await myStudyTime(ctx, userOf(request), request.params.id)),
    );
  };
