import { WsCloseCode, WsCode } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { authenticateToken } from '../../core/session.service.js';
import type { SocketRegistry } from './socket-registry.js';

const wsQuery = z.object({ Authorization: z.string().max(512).optional() });

/**
 * `/ws?Authorization=<token>`: heartbeat `{code:0x11000}` → `{code:0x99001}` (spec §4).
 * A bad token is closed with 4001; a token replaced by a login elsewhere gets 0x90001 and 4003.
 */
export const realtimeRoutes =
  (ctx: AppContext, registry: SocketRegistry): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/ws', { websocket: true, schema: { hide: true, querystring: wsQuery } }, (socket, request) => {
      let authenticated = false;
      socket.on('message', (raw) => {
        if (!authenticated) return;
        let message: unknown;
        try {
          message = JSON.parse(raw.toString());
        } catch {
          return;
        }
        if ((message as { code?: unknown } | null)?.code === WsCode.HEARTBEAT) {
          socket.send(JSON.stringify({ code: WsCode.HEARTBEAT_ACK }));
        }
      });
      const token = (request.query as z.infer<typeof wsQuery>).Authorization;
      authenticateToken(ctx, token)
        .then(async (user) => {
          if (socket.readyState !== socket.OPEN) return;
          registry.add(user.sessionId, user.personId, socket);
          // A revocation published between the check and add() would be missed: look again.
          await authenticateToken(ctx, token);
          authenticated = true;
        })
        .catch((err: unknown) => {
          if (err instanceof AppError && err.code === ErrorCode.LOGGED_IN_ELSEWHERE) {
            socket.send(JSON.stringify({ code: WsCode.LOGGED_IN_ELSEWHERE }));
            socket.close(WsCloseCode.LOGGED_IN_ELSEWHERE, 'logged in elsewhere');
          } else {
            if (!(err instanceof AppError)) request.log.error({ err }, 'websocket authentication failed');
            socket.close(WsCloseCode.UNAUTHORIZED, 'unauthorized');
          }
        });
    });
  };
