import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import { faceCheckExportQuery, faceReviewBody, faceReviewPage, faceReviewQuery } from '@anxun/shared/schemas/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { attachment, XLSX } from '../../http/sheet-upload.js';
import { exportFaceChecks } from './face-check-export.service.js';
import { listReviewQueue, reviewCheck } from './face-review.service.js';
import { publicOrigin } from '../../http/public-origin.js';

const tags = ['manage: face checks'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** 核验审核: the review queue and the decisions. Inside the manage scope. */
export const faceReviewRoutes =
  (
    ctx: AppContext,
    /** closes the learner's papers whose time ran out (the exams feature's, app.ts passes it in) */
    options: { settleExams?: (trainPersonIds: readonly string[]) => Promise<unknown> } = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/face-checks/review',
      {
        schema: {
          tags,
          summary:
            'Face checks that failed or passed close to the match threshold — waiting for review, or reviewed — with the reference and each attempt photo, score, time, address, device; or, with check, that one check whatever its state',
          querystring: faceReviewQuery,
          response: { 200: envelope(faceReviewPage), ...errors },
        },
      },
      async (request) => ok(await listReviewQueue(ctx, userOf(request), request.query)),
    );

    app.get(
      '/face-checks/export',
      {
        schema: {
          tags,
          summary:
            '核验记录 of a class as .xlsx (streamed): one row per attempt — check, time, result, score, reason, address, device, review — and a link to the check in 核验审核; ID numbers masked unless `full=1`; audited',
          querystring: faceCheckExportQuery,
        },
      },
      async (request, reply) => {
        const { stream, fileName } = await exportFaceChecks(
          ctx,
          userOf(request),
          request.query,
          request.ip,
          publicOrigin(ctx, request),
        );
        return reply.type(XLSX).header('content-disposition', attachment(fileName, 'face-checks.xlsx')).send(stream);
      },
    );

    app.post(
      '/face-checks/:id/review',
      {
        schema: {
          tags,
          summary:
            'Confirms a check, or voids a passed one with a reason: the credit earned since the learner was last verified is taken back by compensating study events and his records are recomputed; the exams he sat in that stretch are voided (examsVoided; they count neither as a pass nor as a try); a certificate of the class is withdrawn when a course is incomplete again (its number in certificateWithdrawn); audited',
          params: idParam,
          body: faceReviewBody,
          response: {
            200: envelope(
              z.object({
                decision: z.enum(['confirmed', 'voided']),
                voidedSeconds: z.number(),
                examsVoided: z.number().int(),
                certificateWithdrawn: z.string().nullable(),
              }),
            ),
            ...errors,
          },
        },
      },
      async (request) =>
        ok(await reviewCheck(ctx, userOf(request), request.params.id, request.body, request.ip, options.settleExams)),
    );
  };
