import { certificateProgress, myCertificate, verifyQuery, verifyResult } from '@anxun/shared/schemas/certificates';
import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import {
  certificatePdf,
  certificateProgress as readProgress,
  myCertificates,
  recordPrinting,
  verifyCertificate,
} from './certificate.service.js';
import { publicOrigin } from '../../http/public-origin.js';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  410: errorEnvelope,
  429: errorEnvelope,
};

/**
 * Certificates (spec §7 upIsPrinting, /card): issued when a class is complete, downloaded
 * as a PDF with a QR code, verified by anyone with the number and code.
 */
export const certificatesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['certificates'];
    const auth = requireUser(ctx);

    app.get(
      '/api/base/certificate/my',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's certificates (a completed class's is issued here if not yet)",
          response: { 200: envelope(z.array(myCertificate)), ...errors },
        },
      },
      async (request) => ok(await myCertificates(ctx, userOf(request), publicOrigin(ctx, request))),
    );

    app.get(
      '/api/base/certificate/progress',
      {
        preHandler: auth,
        schema: {
          tags,
          summary:
            "Each of the learner's classes and its certificate: issued, withheld (a face check still open) or studying, with what is left",
          response: { 200: envelope(z.array(certificateProgress)), ...errors },
        },
      },
      async (request) => ok(await readProgress(ctx, userOf(request))),
    );

    app.get(
      '/api/base/certificate/pdf/:id',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'The certificate as a PDF (A4, with a QR code to its verification page)',
          params: idParam,
        },
      },
      async (request, reply) => {
        const { pdf, number } = await certificatePdf(
          ctx,
          userOf(request),
          request.params.id,
          publicOrigin(ctx, request),
        );
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="certificate-${number}.pdf"`)
          .header('Cache-Control', 'private, no-store')
          .send(pdf);
      },
    );

    app.post(
      '/api/base/certificate/upIsPrinting/:id',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'Marks the certificate printed (time and count kept)',
          params: idParam,
          response: { 200: envelope(z.object({ printedAt: z.string(), printCount: z.number() })), ...errors },
        },
      },
      async (request) => ok(await recordPrinting(ctx, userOf(request), request.params.id)),
    );

    app.get(
      '/api/base/certificate/verify',
      {
        schema: {
          tags,
          summary: 'Public verification by number and code: valid, revoked or unknown (holder name masked)',
          querystring: verifyQuery,
          response: { 200: envelope(verifyResult), ...errors },
        },
      },
      async (request) => ok(await verifyCertificate(ctx, request.query.number, request.query.code, request.ip)),
    );
  };
