import { certificateTemplate, certificateTemplateBody } from '@anxun/shared/schemas/certificates';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import {
  certificateTemplate as currentTemplate,
  previewCertificateTemplate,
  saveCertificateTemplate,
} from './certificate-template.service.js';
import { publicOrigin } from '../../http/public-origin.js';

const tags = ['manage: certificates'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/**
 * 证书模板: the title, seal (uploaded as /api/file/upload?otcType=CertificateSeal) and signature
 * line of the organisation's certificates, previewed on a sample before saving. Inside the
 * manage scope.
 */
export const certificateTemplateRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/certificate-template',
      {
        schema: {
          tags,
          summary: "The organisation's certificate template (the plain one until saved)",
          response: { 200: envelope(certificateTemplate), ...errors },
        },
      },
      async (request) => ok(await currentTemplate(ctx, userOf(request))),
    );
    app.put(
      '/certificate-template',
      {
        schema: {
          tags,
          summary:
            'Saves the template: certificates issued or reissued from now carry it, earlier ones keep theirs; audited',
          body: certificateTemplateBody,
          response: { 200: envelope(certificateTemplate), ...errors },
        },
      },
      async (request) => ok(await saveCertificateTemplate(ctx, userOf(request), request.body, request.ip)),
    );
    app.post(
      '/certificate-template/preview',
      {
        schema: {
          tags,
          summary: 'A sample certificate (PDF) under the template as given, unsaved',
          body: certificateTemplateBody,
        },
      },
      async (request, reply) => {
        const pdf = await previewCertificateTemplate(ctx, userOf(request), request.body, publicOrigin(ctx, request));
        return reply
          .type('application/pdf')
          .header('content-disposition', 'inline; filename="certificate-preview.pdf"')
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
