import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode } from '@anxun/shared/errors';
import type { AppContext } from '../app-context.js';
import { authenticateToken } from '../core/session.service.js';
import { AppError } from './app-error.js';
import { tokenFromHeader } from './auth-guard.js';

/**
 * A group of routes that only some roles may call, declared once for the whole group (not
 * an inline role string per handler): every route registered inside `routes` answers 401
 * to an anonymous caller and 403 to a signed-in caller of another role, before its own
 * schema or handler runs. Handlers read the caller with `userOf(request)`.
 */
export function roleScope(
  ctx: AppContext,
  roles: readonly string[],
  routes: ReadonlyArray<FastifyPluginAsync>,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      const user = await authenticateToken(ctx, tokenFromHeader(request));
      if (!roles.includes(user.role)) throw new AppError(ErrorCode.FORBIDDEN);
      request.user = user;
    });
    for (const plugin of routes) await scope.register(plugin);
  };
}
