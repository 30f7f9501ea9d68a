import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import { learner, registrationSettings, registrationSettingsBody } from '@anxun/shared/schemas/learners';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import {
  approveRegistration,
  changeRegistrationMode,
  registrationSettings as currentSettings,
  rejectRegistration,
} from './registration.service.js';

const tags = ['manage: learners'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/**
 * 注册审核: open registration or approval, and the decisions on waiting registrations (they are
 * listed with `GET /learners?status=pending`). Inside the manage scope.
 */
export const registrationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/registrations/settings',
      {
        schema: {
          tags,
          summary: 'How the organisation takes registrations, and how many wait for approval',
          response: { 200: envelope(registrationSettings), ...errors },
        },
      },
      async (request) => ok(await currentSettings(ctx, userOf(request))),
    );

    app.put(
      '/registrations/settings',
      {
        schema: {
          tags,
          summary: "open: a learner who registers logs in at once; approval: after a manager's approval",
          body: registrationSettingsBody,
          response: { 200: envelope(registrationSettings), ...errors },
        },
      },
      async (request) => ok(await changeRegistrationMode(ctx, userOf(request), request.body.mode, request.ip)),
    );

    app.post(
      '/registrations/:id/approve',
      {
        schema: {
          tags,
          summary: 'Approves a waiting registration: the learner may log in',
          params: idParam,
          response: { 200: envelope(learner), ...errors },
        },
      },
      async (request) => ok(await approveRegistration(ctx, userOf(request), request.params.id, request.ip)),
    );

    app.post(
      '/registrations/:id/reject',
      {
        schema: {
          tags,
          summary: 'Rejects a waiting registration: it is removed; the phone and ID number may register again',
          params: idParam,
          response: { 200: envelope(z.null()), ...errors },
        },
      },
      async (request) => {
        await rejectRegistration(ctx, userOf(request), request.params.id, request.ip);
        return ok(null);
      },
    );
  };
