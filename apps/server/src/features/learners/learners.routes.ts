import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  createLearnerBody,
  issuedPassword,
  learner,
  learnerPage,
  learnerQuery,
  updateLearnerBody,
} from '@anxun/shared/schemas/learners';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import {
  changeLearner,
  createLearner,
  listLearners,
  resetLearnerPassword,
  setLearnerDisabled,
  unlockLearner,
} from './learner.service.js';

const tags = ['manage: learners'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/**
 * 学员 (issue: Console I): the organisation's learners — listed by department with search
 * and status, added one by one, edited, disabled, unlocked, given a new password. Inside the
 * manage scope (training managers only); every query is scoped by the caller's organisation.
 */
export const learnersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/learners',
      {
        schema: {
          tags,
          summary: 'A page of learners: by department (with sub-departments), name/phone/ID number, status',
          querystring: learnerQuery,
          response: { 200: envelope(learnerPage), ...errors },
        },
      },
      async (request) => ok(await listLearners(ctx, userOf(request), request.query)),
    );

    app.post(
      '/learners',
      {
        schema: {
          tags,
          summary: 'Adds a learner; without a password a random one is made and shown once',
          body: createLearnerBody,
          response: { 200: envelope(issuedPassword), ...errors },
        },
      },
      async (request) => ok(await createLearner(ctx, userOf(request), request.body, request.ip)),
    );

    app.put(
      '/learners/:id',
      {
        schema: {
          tags,
          summary: "Changes a learner's name, phone, department or post",
          params: idParam,
          body: updateLearnerBody,
          response: { 200: envelope(learner), ...errors },
        },
      },
      async (request) => ok(await changeLearner(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    for (const [action, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      app.post(
        `/learners/:id/${action}`,
        {
          schema: {
            tags,
            summary: disabled
              ? 'Disables an account: no login, its sessions end at once; the records stay'
              : 'Enables a disabled account',
            params: idParam,
            response: { 200: envelope(learner), ...errors },
          },
        },
        async (request) => ok(await setLearnerDisabled(ctx, userOf(request), request.params.id, disabled, request.ip)),
      );
    }

    app.post(
      '/learners/:id/unlock',
      {
        schema: {
          tags,
          summary: 'Lifts the lock that too many wrong passwords set',
          params: idParam,
          response: { 200: envelope(learner), ...errors },
        },
      },
      async (request) => ok(await unlockLearner(ctx, userOf(request), request.params.id, request.ip)),
    );

    app.post(
      '/learners/:id/reset-password',
      {
        schema: {
          tags,
          summary: 'Gives the learner a new random password, shown once; their sessions end',
          params: idParam,
          response: { 200: envelope(issuedPassword), ...errors },
        },
      },
      async (request) => ok(await resetLearnerPassword(ctx, userOf(request), request.params.id, request.ip)),
    );
  };
