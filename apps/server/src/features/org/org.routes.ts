import { ErrorCode } from '@anxun/shared/errors';
import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import { orgCodeParam, orgInfo, type OrgInfo } from '@anxun/shared/schemas/org';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { AppError, ok } from '../../http/app-error.js';
import { publicFileUrl } from '../../core/file-url.js';
import { findOrgByCode, findOrgById } from '../../core/org.repository.js';

type OrgRow = NonNullable<Awaited<ReturnType<typeof findOrgById>>>;

const toOrgInfo = (org: OrgRow): OrgInfo => ({
  baseOrgInfoId: org.id,
  baseOrgName: org.name,
  orgCode: org.code,
  // Logos are public: the header shows them before anyone logs in.
  logoUrl: org.logo_file_id ? publicFileUrl(org.logo_file_id) : null,
  footer: {
    copyright: org.footer_copyright,
    address: org.footer_address,
    phone: org.footer_phone,
    icpRecord: org.icp_record,
    policeRecord: org.police_record,
  },
});

/** Organisation name and logo: public, the header needs them before login. */
export const orgRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['organisation'];
    const response = { 200: envelope(orgInfo), 400: errorEnvelope, 404: errorEnvelope };
    app.get(
      '/api/base/baseorg/select/:id',
      { schema: { tags, summary: 'Organisation by id', params: idParam, response } },
      async (request) => {
        const org = await findOrgById(ctx.db, request.params.id);
        if (!org) throw new AppError(ErrorCode.NOT_FOUND, '单位不存在');
        return ok(toOrgInfo(org));
      },
    );
    app.get(
      '/api/base/baseorg/select-code/:code',
      { schema: { tags, summary: 'Organisation by code', params: orgCodeParam, response } },
      async (request) => {
        const org = await findOrgByCode(ctx.db, request.params.code);
        if (!org) throw new AppError(ErrorCode.NOT_FOUND, '单位不存在');
        return ok(toOrgInfo(org));
      },
    );
  };
