import { DEFAULT_ORG_CODE } from '@anxun/shared/constants';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { tokenFromHeader } from '../http/auth-guard.js';
import { findOrgOfCode } from './org-code.js';
import { findOrgByCode } from './org.repository.js';
import { AppError } from '../http/app-error.js';
import { ErrorCode } from '@anxun/shared/errors';
import { authenticateToken, type AuthUser } from './session.service.js';

/**
 * Who is looking at a public page (the catalogue, a course, its comments): the signed-in
 * user when the request carries a valid token, else a guest. A bad or expired token reads
 * as a guest here; pages that need a user use requireUser instead.
 */
export async function findViewer(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | undefined> {
  const token = tokenFromHeader(request);
  return token ? await authenticateToken(ctx, token).catch(() => undefined) : undefined;
}

/**
 * The organisation whose catalogue a viewer sees: their own, or for a guest OrgCode (default
 * 00000) — a code that names none counted against the guest's address, as 单位查询 counts it.
 */
export async function viewerOrgId(
  ctx: AppContext,
  viewer: AuthUser | undefined,
  orgCode?: string,
  ip?: string,
): Promise<string> {
  if (viewer) return viewer.orgId;
  if (orgCode && ip) return (await findOrgOfCode(ctx, orgCode, ip)).id;
  const org = await findOrgByCode(ctx.db, orgCode ?? DEFAULT_ORG_CODE);
  if (!org) throw new AppError(ErrorCode.NOT_FOUND, '单位不存在');
  return org.id;
}
