import { WsCloseCode, WsCode } from '@anxun/shared/constants';
import type { WebSocket } from 'ws';
import type { BusEvent } from '../../infra/realtime-bus.js';

/** Adds a socket to a keyed set, and takes it out again when it closes. */
function track(map: Map<string, Set<WebSocket>>, key: string, socket: WebSocket): void {
  const set = map.get(key) ?? new Set();
  set.add(socket);
  map.set(key, set);
  socket.once('close', () => {
    set.delete(socket);
    if (set.size === 0) map.delete(key);
  });
}

/**
 * The websockets this node holds, by session (so a revoked session's sockets can be found)
 * and by person (so a message for a learner reaches each of their open pages).
 */
export class SocketRegistry {
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly byPerson = new Map<string, Set<WebSocket>>();

  add(sessionId: string, personId: string, socket: WebSocket): void {
    track(this.bySession, sessionId, socket);
    track(this.byPerson, personId, socket);
  }

  /** Bus handler: a session revoked anywhere loses its sockets here; a person's message reaches theirs. */
  handle(event: BusEvent): void {
    if (event.type === 'person.message') {
      const text = JSON.stringify(event.message);
      for (const socket of this.byPerson.get(event.personId) ?? []) socket.send(text);
      return;
    }
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
