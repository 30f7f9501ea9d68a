import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { authenticateToken, type AuthUser } from '../core/session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

/** The token from `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

/** preHandler for routes that need a logged-in user; sets request.user. */
export const requireUser = (ctx: AppContext) => async (request: FastifyRequest) => {
  request.user = await authenticateToken(ctx, tokenFromHeader(request));
};

export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('route is missing the requireUser preHandler');
  return request.user;
}
