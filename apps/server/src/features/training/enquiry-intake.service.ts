import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { intendedPersonBody } from '@anxun/shared/schemas/training';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { insertIntendedPerson } from '../../core/enquiry.repository.js';
import type { AuthUser } from '../../core/session.service.js';
import { viewerOrgId } from '../../core/viewer.js';
import { AppError } from '../../http/app-error.js';

/** 报名意向: anyone may leave one (a few per address); the organisation's manager follows up. */
export async function leaveEnquiry(
  ctx: AppContext,
  viewer: AuthUser | undefined,
  body: z.output<typeof intendedPersonBody>,
  ip: string,
): Promise<{ received: true }> {
  const wait = await ctx.limiters.intentPerIp.hit(ip);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, '提交过于频繁，请稍后再试', wait);
  const orgId = await viewerOrgId(ctx, viewer, body.OrgCode, ip);
  await insertIntendedPerson(ctx.db, {
    id: crypto.randomUUID(),
    org_id: orgId,
    name: body.name,
    phone: body.phone,
    org_name: body.orgName,
    course_name: body.courseName?.trim() ?? '',
    note: body.note ?? '',
    ip,
    created_at: ctx.now(),
  });
  return { received: true };
}
