import { WsCloseCode, WsCode } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { authenticateToken } from '../../core/session.service.js';
import type { SocketRegistry } from './socket-registry.js';

const wsQuery = z.object({ Authorization: z.string().max(512).optional() });
const EARLY_MESSAGES = 16;

/**
 * `/ws?Authorization=<token>`: heartbeat `{code:0x11000}` → `{code:0x99001}` (spec §4).
 * A bad token is closed with 4001; a token replaced by a login elsewhere gets 0x90001 and 4003;
 * a session holding MAX_SOCKETS_PER_SESSION sockets on this node has a further one closed with 4008.
 */
export const realtimeRoutes =
  (ctx: AppContext, registry: SocketRegistry): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      method: 'GET',
      url: '/ws',
      schema: { hide: true, querystring: wsQuery },
      // a plain GET (no Upgrade) gets the API's envelope, not an empty 404
      handler: async () => {
        throw new AppError(ErrorCode.BAD_REQUEST, '此地址只接受WebSocket连接');
      },
      wsHandler: (socket, request) => {
        let authenticated = false;
        // what the client sends before its token is checked waits for the check (a few at most)
        const early: string[] = [];
        const answer = (raw: string) => {
          let message: unknown;
          try {
            message = JSON.parse(raw);
          } catch {
            return;
          }
          if ((message as { code?: unknown } | null)?.code === WsCode.HEARTBEAT) {
            socket.send(JSON.stringify({ code: WsCode.HEARTBEAT_ACK }));
          }
        };
        socket.on('message', (raw) => {
          if (authenticated) answer(raw.toString());
          else if (early.length < EARLY_MESSAGES) early.push(raw.toString());
        });
        const token = (request.query as z.infer<typeof wsQuery>).Authorization;
        authenticateToken(ctx, token)
          .then(async (user) => {
            if (socket.readyState !== socket.OPEN) return;
            if (!registry.add(user.sessionId, user.personId, socket)) return;
            // A revocation published between the check and add() would be missed: look again.
            await authenticateToken(ctx, token);
            authenticated = true;
            for (const raw of early.splice(0)) answer(raw);
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
      },
    });
  };
