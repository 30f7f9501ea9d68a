import { WsCloseCode, WsCode } from '@anxun/shared/constants';
import type { WebSocket } from 'ws';
import type { BusEvent } from '../../infra/realtime-bus.js';

/** The websockets this node holds, by session, so a revoked session's sockets can be found. */
export class SocketRegistry {
  private readonly bySession = new Map<string, Set<WebSocket>>();

  add(sessionId: string, socket: WebSocket): void {
    const set = this.bySession.get(sessionId) ?? new Set();
    set.add(socket);
    this.bySession.set(sessionId, set);
    socket.once('close', () => {
      set.delete(socket);
      if (set.size === 0) this.bySession.delete(sessionId);
    });
  }

  /** Bus handler: a session revoked anywhere loses its sockets here. */
  handle(event: BusEvent): void {
    if (event.type !== 'session.revoked') return;
    for (const id of event.sessionIds) {
      for (const socket of this.bySession.get(id) ?? []) {
        if (event.reason === 'replaced') {
          socket.send(JSON.stringify({ code: WsCode.LOGGED_IN_ELSEWHERE }));
          socket.close(WsCloseCode.LOGGED_IN_ELSEWHERE, 'logged in elsewhere');
        } else {
          socket.close(WsCloseCode.LOGGED_OUT, 'logged out');
        }
      }
    }
  }

  get size(): number {
    let n = 0;
    for (const set of this.bySession.values()) n += set.size;
    return n;
  }

  closeAll(): void {
    for (const set of this.bySession.values()) {
      for (const socket of set) socket.close(WsCloseCode.SERVER_SHUTDOWN, 'server shutting down');
    }
  }
}
