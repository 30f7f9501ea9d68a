import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import { referenceInfo, referenceSettings } from '@anxun/shared/schemas/identity';
import { idText } from '@anxun/shared/schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { ErrorCode } from '@anxun/shared/errors';
import { findPersonOfOrg } from './identity.repository.js';
import {
  changeReferenceMode,
  clearReferenceAsManager,
  referenceInfo as readReference,
  referenceSettings as readReferenceSettings,
  setReferenceAsManager,
} from './face.service.js';
import { readPhoto } from './photo-upload.js';

const tags = ['manage: learners'];
const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  413: errorEnvelope,
  503: errorEnvelope,
};
const params = z.strictObject({ id: idText() });

/**
 * 本人照片 in the console: a training manager sees, sets or clears the reference face of his
 * organisation's learner (the face every check is compared with). Inside the manage scope.
 */
export const faceAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const ownLearner = async (orgId: string, id: string) => {
      if (!(await findPersonOfOrg(ctx.db, id, orgId))) throw new AppError(ErrorCode.NOT_FOUND, '学员不存在');
    };

    app.get(
      '/face-references/settings',
      {
        schema: {
          tags,
          summary:
            "Who takes the learners' 本人照片: learner (himself, camera or upload) or manager (only a training manager)",
          response: { 200: envelope(referenceSettings), ...errors },
        },
      },
      async (request) => ok(await readReferenceSettings(ctx, userOf(request))),
    );

    app.put(
      '/face-references/settings',
      {
        schema: {
          tags,
          summary: "Chooses who takes the learners' 本人照片; references already set stay; audited",
          body: referenceSettings,
          response: { 200: envelope(referenceSettings), ...errors },
        },
      },
      async (request) => ok(await changeReferenceMode(ctx, userOf(request), request.body.mode, request.ip)),
    );

    app.get(
      '/learners/:id/face-reference',
      {
        schema: {
          tags,
          summary: "The learner's reference face: whether there is one, a short-lived photo URL, who set it",
          params,
          response: { 200: envelope(referenceInfo), ...errors },
        },
      },
      async (request) => {
        await ownLearner(userOf(request).orgId, request.params.id);
        return ok(await readReference(ctx, request.params.id, userOf(request).orgId));
      },
    );

    app.post(
      '/learners/:id/face-reference',
      {
        schema: {
          tags,
          summary: "Sets the learner's reference face (multipart `photo` with exactly one clear face); audited",
          consumes: ['multipart/form-data'],
          params,
          response: { 200: envelope(referenceInfo), ...errors },
        },
      },
      async (request) => {
        const { upload } = await readPhoto(request, ctx.config.face.maxPhotoBytes);
        await setReferenceAsManager(ctx, userOf(request), request.params.id, { ...upload, via: 'upload' });
        return ok(await readReference(ctx, request.params.id, userOf(request).orgId));
      },
    );

    app.delete(
      '/learners/:id/face-reference',
      {
        schema: {
          tags,
          summary: "Clears the learner's reference face: the learner takes a new one before the next check; audited",
          params,
          response: { 200: envelope(referenceInfo), ...errors },
        },
      },
      async (request) => {
        await clearReferenceAsManager(ctx, userOf(request), request.params.id, request.ip);
        return ok(await readReference(ctx, request.params.id, userOf(request).orgId));
      },
    );
  };
