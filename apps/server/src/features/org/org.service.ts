import { ErrorCode } from '@anxun/shared/errors';
import type { OrgInfo } from '@anxun/shared/schemas/org';
import type { AppContext } from '../../app-context.js';
import { publicFileUrl } from '../../core/file-url.js';
import { findOrgById } from '../../core/org.repository.js';
import { findOrgOfCode } from '../../core/org-code.js';
import { AppError } from '../../http/app-error.js';

/** An organisation's public face: name, code, logo and footer (the header shows them before login). */
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

const notFound = () => new AppError(ErrorCode.NOT_FOUND, '单位不存在');

export async function orgInfoById(ctx: AppContext, id: string): Promise<OrgInfo> {
  const org = await findOrgById(ctx.db, id);
  if (!org) throw notFound();
  return toOrgInfo(org);
}

/** An organisation by its code (a miss counted against the address: core/org-code). */
export async function orgInfoByCode(ctx: AppContext, code: string, ip: string): Promise<OrgInfo> {
  return toOrgInfo(await findOrgOfCode(ctx, code, ip));
}
