import {
  issueBody,
  managedCertificateExportQuery,
  managedCertificatePage,
  managedCertificateQuery,
  reissueBody,
  revokeBody,
} from '@anxun/shared/schemas/certificates';
import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { attachment, XLSX } from '../../http/sheet-upload.js';
import { issueForMember, listCertificates, reissueAsManager, revokeAsManager } from './certificate-admin.service.js';
import { exportCertificates } from './certificate-export.service.js';

const tags = ['manage: certificates'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** 证书管理: the organisation's certificates. Inside the manage scope. */
export const certificateAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/certificates',
      {
        schema: {
          tags,
          summary: "A page of the organisation's certificates, searched by number, holder or class",
          querystring: managedCertificateQuery,
          response: { 200: envelope(managedCertificatePage), ...errors },
        },
      },
      async (request) => ok(await listCertificates(ctx, userOf(request), request.query)),
    );

    app.get(
      '/certificates/export',
      {
        schema: {
          tags,
          summary:
            "The organisation's certificates as .xlsx (streamed), searched as the page: holder, class, 学时, state, former numbers; ID numbers masked unless `full=1`; audited",
          querystring: managedCertificateExportQuery,
        },
      },
      async (request, reply) => {
        const { stream, fileName } = await exportCertificates(ctx, userOf(request), request.query, request.ip);
        return reply.type(XLSX).header('content-disposition', attachment(fileName, 'certificates.xlsx')).send(stream);
      },
    );

    app.post(
      '/certificates/issue',
      {
        schema: {
          tags,
          summary: 'Issues the certificate a member has earned (every course complete, no face check open); audited',
          body: issueBody,
          response: { 200: envelope(z.object({ id: z.string(), number: z.string() })), ...errors },
        },
      },
      async (request) => ok(await issueForMember(ctx, userOf(request), request.body.trainPersonId, request.ip)),
    );

    app.post(
      '/certificates/:id/revoke',
      {
        schema: {
          tags,
          summary: 'Revokes a certificate with the reason: it verifies as revoked; audited',
          params: idParam,
          body: revokeBody,
          response: { 200: envelope(z.object({ revoked: z.literal(true) })), ...errors },
        },
      },
      async (request) => {
        await revokeAsManager(ctx, userOf(request), request.params.id, request.body.reason, request.ip);
        return ok({ revoked: true as const });
      },
    );

    app.post(
      '/certificates/:id/reissue',
      {
        schema: {
          tags,
          summary:
            "Reissues a valid certificate after a correction: a new number and code, the holder's current name; the old number verifies as 已换发; audited",
          params: idParam,
          body: reissueBody,
          response: { 200: envelope(z.object({ number: z.string() })), ...errors },
        },
      },
      async (request) =>
        ok(await reissueAsManager(ctx, userOf(request), request.params.id, request.body.reason, request.ip)),
    );
  };
