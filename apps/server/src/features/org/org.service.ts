import { ErrorCode } from '@anxun/shared/errors';
import type { OrgInfo } from '@anxun/shared/schemas/org';
import type { AppContext } from '../../app-context.js';
import { publicFileUrl } from '../../core/file-url.js';
import { findOrgByCode, findOrgById } from '../../core/org.repository.js';
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

/**
 * An organisation by its code. A code that names none counts against the address: the
 * codes are short, and a walk through all of them would list every organisation on the
 * platform by name (a typo now and then stays far inside the budget; a found code is free).
 */
export async function orgInfoByCode(ctx: AppContext, code: string, ip: string): Promise<OrgInfo> {
  const wait = await ctx.limiters.orgCodeMissesPerIp.hit(ip);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, '查询过于频繁，请稍后再试', wait);
  const org = await findOrgByCode(ctx.db, code);
  if (!org) throw notFound();
  await ctx.limiters.orgCodeMissesPerIp.refund(ip);
  return toOrgInfo(org);
}
