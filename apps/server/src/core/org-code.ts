import { ErrorCode } from '@anxun/shared/errors';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { findOrgByCode } from './org.repository.js';

/**
 * An organisation by its code, asked from an address: a code that names none counts against
 * the address (60 in 10 minutes), one that does costs nothing. The codes are short, and a walk
 * through them — by 单位查询 or by any public page that takes OrgCode — would list every
 * organisation on the platform by name; a typo now and then stays far inside the budget.
 */
export async function findOrgOfCode(ctx: AppContext, code: string, ip: string) {
  const org = await findOrgByCode(ctx.db, code);
  if (org) return org;
  const wait = await ctx.limiters.orgCodeMissesPerIp.hit(ip);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, '查询过于频繁，请稍后再试', wait);
  throw new AppError(ErrorCode.NOT_FOUND, '单位不存在');
}
