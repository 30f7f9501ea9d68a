import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  adminActionParams,
  adminBody,
  createOrganisationBody,
  managedOrganisation,
  organisationCreated,
  organisationPage,
  organisationQuery,
  updateOrganisationBody,
} from '@anxun/shared/schemas/organisations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import {
  actOnOrganisationAdmin,
  addOrganisationAdmin,
  createOrganisation,
  editOrganisation,
  listOrganisations,
  setOrganisationDisabled,
} from './organisation-admin.service.js';

const tags = ['manage: organisations (platform operator)'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/**
 * 单位管理: the platform operator creates organisations (code, name, footer; the logo through
 * /api/file/upload with otcId) and their training managers. Only the operator sees other
 * organisations; the scope around these routes lets no other role in.
 */
export const organisationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/organisations',
      {
        schema: {
          tags,
          summary: 'A page of organisations with their training managers and learner counts',
          querystring: organisationQuery,
          response: { 200: envelope(organisationPage), ...errors },
        },
      },
      async (request) => ok(await listOrganisations(ctx, request.query)),
    );

    app.post(
      '/organisations',
      {
        schema: {
          tags,
          summary: 'Creates an organisation and its first training manager (a password made is shown once)',
          body: createOrganisationBody,
          response: { 200: envelope(organisationCreated), ...errors },
        },
      },
      async (request) => ok(await createOrganisation(ctx, userOf(request), request.body, request.ip)),
    );

    app.put(
      '/organisations/:id',
      {
        schema: {
          tags,
          summary: "Edits an organisation's name and footer (its code stays: learners register with it)",
          params: idParam,
          body: updateOrganisationBody,
          response: { 200: envelope(managedOrganisation), ...errors },
        },
      },
      async (request) => ok(await editOrganisation(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    app.post(
      '/organisations/:id/admins',
      {
        schema: {
          tags,
          summary: 'Adds a training manager to an organisation (a password made is shown once)',
          params: idParam,
          body: adminBody,
          response: { 200: envelope(organisationCreated), ...errors },
        },
      },
      async (request) =>
        ok(await addOrganisationAdmin(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    app.post(
      '/organisations/:id/admins/:adminId/:action',
      {
        schema: {
          tags,
          summary:
            "Acts on one of an organisation's training managers: disable (his sessions end), enable, unlock, or reset-password (a password made is shown once)",
          params: adminActionParams,
          response: { 200: envelope(organisationCreated), ...errors },
        },
      },
      async (request) =>
        ok(
          await actOnOrganisationAdmin(
            ctx,
            userOf(request),
            request.params.id,
            request.params.adminId,
            request.params.action,
            request.ip,
          ),
        ),
    );

    for (const action of ['disable', 'enable'] as const) {
      app.post(
        `/organisations/:id/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'disable'
                ? 'Stops an organisation: none of its people log in (their sessions end at once), nobody registers into it; records stay'
                : 'Lets a stopped organisation in again',
            params: idParam,
            response: { 200: envelope(managedOrganisation), ...errors },
          },
        },
        async (request) =>
          ok(await setOrganisationDisabled(ctx, userOf(request), request.params.id, action === 'disable', request.ip)),
      );
    }
  };
