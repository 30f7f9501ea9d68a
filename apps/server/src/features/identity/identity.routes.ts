import { ErrorCode } from '@anxun/shared/errors';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import {
  captureToken,
  captureTokenBody,
  checkList,
  classCheck,
  captureNonce,
  compareResult,
  getCheckListBody,
  getClassCheckBody,
  openCheck,
  referenceInfo,
  updateVerifyBody,
  verifyCounts,
} from '@anxun/shared/schemas/identity';
import { idText, line } from '@anxun/shared/schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { authenticateToken } from '../../core/session.service.js';
import { AppError, ok } from '../../http/app-error.js';
import { requireUser, tokenFromHeader, userOf } from '../../http/auth-guard.js';
import {
  checkList as listChecks,
  classCheck as readClassCheck,
  openChecks,
  verifyCounts as countVerifications,
} from './checks.service.js';
import {
  compareLiveCapture,
  compareWithCaptureToken,
  issueNonce,
  issueCaptureToken,
  openReferencePhoto,
  referenceInfo as readReference,
  setOwnReference,
} from './face.service.js';
import { openAttemptPhoto } from './face-review.service.js';
import { readPhoto } from './photo-upload.js';
import { publicOrigin } from '../../http/public-origin.js';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  410: errorEnvelope,
  413: errorEnvelope,
  429: errorEnvelope,
};

/**
 * Identity (spec §7 face/compare, getClassCheck, getCheckList, updateVerify): reference
 * faces, live comparisons, the class's checks and the phone hand-off.
 */
export const identityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['identity'];
    const auth = requireUser(ctx);
    const maxBytes = ctx.config.face.maxPhotoBytes;

    app.post(
      '/api/face/compare',
      {
        schema: {
          tags,
          summary: 'Compares a live photo (multipart `photo`) with the learner’s reference face',
          description:
            'Fields: `checkId` (the due check this photo is for), `via` (camera), `nonce` (from POST /api/face/nonce, used once). A phone sends `captureToken` instead of a login token.',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(compareResult), ...errors },
        },
      },
      async (request) => {
        const { upload, checkId, captureToken: token, nonce } = await readPhoto(request, maxBytes);
        // a phone carries the desktop's single-use token (whoever may be logged in on it)
        if (token) return ok(await compareWithCaptureToken(ctx, token, upload));
        const bearer = tokenFromHeader(request);
        if (!bearer) throw new AppError(ErrorCode.UNAUTHORIZED);
        const user = await authenticateToken(ctx, bearer);
        return ok(await compareLiveCapture(ctx, user, checkId, upload, nonce));
      },
    );

    app.post(
      '/api/face/nonce',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'A single-use nonce for the next camera photo (valid two minutes)',
          response: { 200: envelope(captureNonce), ...errors },
        },
      },
      async (request) => ok(await issueNonce(ctx, userOf(request))),
    );

    app.get(
      '/api/face/reference',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's reference face",
          response: { 200: envelope(referenceInfo), ...errors },
        },
      },
      async (request) => ok(await readReference(ctx, userOf(request).personId, userOf(request).orgId)),
    );

    app.post(
      '/api/face/reference',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "Sets the learner's reference face (multipart `photo` with exactly one clear face)",
          consumes: ['multipart/form-data'],
          response: { 200: envelope(referenceInfo), ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { upload } = await readPhoto(request, maxBytes);
        await setOwnReference(ctx, user, upload);
        return ok(await readReference(ctx, user.personId, user.orgId));
      },
    );

    app.get(
      '/api/face/reference/photo/:personId',
      {
        schema: {
          tags,
          summary: 'The reference photo, through the signed URL of GET /api/face/reference',
          params: z.strictObject({ personId: idText() }),
          querystring: z.strictObject({ exp: z.coerce.number().int(), sig: line(128) }),
        },
      },
      async (request, reply) => {
        const { stream, contentType } = await openReferencePhoto(
          ctx,
          request.params.personId,
          request.query.exp,
          request.query.sig,
        );
        return reply.type(contentType).header('Cache-Control', 'private, max-age=300').send(stream);
      },
    );

    app.get(
      '/api/face/attempts/photo/:attemptId',
      {
        schema: {
          tags,
          summary: "A face-check attempt's photo, through the signed URL the console's review queue gives",
          params: z.strictObject({ attemptId: idText() }),
          querystring: z.strictObject({ exp: z.coerce.number().int(), sig: line(128) }),
        },
      },
      async (request, reply) => {
        const { stream, contentType } = await openAttemptPhoto(
          ctx,
          request.params.attemptId,
          request.query.exp,
          request.query.sig,
        );
        return reply.type(contentType).header('Cache-Control', 'private, max-age=300').send(stream);
      },
    );

    app.post(
      '/api/face/capture-token',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'A QR code for a phone to take the photo of one check (single use, five minutes)',
          body: captureTokenBody,
          response: { 200: envelope(captureToken), ...errors },
        },
      },
      async (request) =>
        ok(await issueCaptureToken(ctx, userOf(request), request.body.checkId, publicOrigin(ctx, request))),
    );

    app.post(
      '/api/train/class/getClassCheck',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The class's face-check settings (at start, random every N ≤ 15 minutes, at end; window)",
          body: getClassCheckBody,
          response: { 200: envelope(classCheck), ...errors },
        },
      },
      async (request) => ok(await readClassCheck(ctx, userOf(request), request.body.trainClassId)),
    );

    app.post(
      '/api/train/class/getCheckList',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's face checks, newest first, with counts by outcome",
          body: getCheckListBody,
          response: { 200: envelope(checkList), ...errors },
        },
      },
      async (request) => ok(await listChecks(ctx, userOf(request), request.body)),
    );

    app.get(
      '/api/train/class/getOpenChecks',
      {
        preHandler: auth,
        schema: {
          tags,
          summary:
            'The face checks the learner still has to take (pending, failed or overdue), oldest first, with their class and unit',
          response: { 200: envelope(z.array(openCheck)), ...errors },
        },
      },
      async (request) => ok(await openChecks(ctx, userOf(request))),
    );

    app.post(
      '/api/train/cls_Warp/updateVerify',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'Verification counts of a courseware record (counted by the server; a client cannot set them)',
          body: updateVerifyBody,
          response: { 200: envelope(verifyCounts), ...errors },
        },
      },
      async (request) => ok(await countVerifications(ctx, userOf(request), request.body.trainWarpCourseId)),
    );
  };
