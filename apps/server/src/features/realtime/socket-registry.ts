import { MAX_SOCKETS_PER_SESSION, WsCloseCode, WsCode } from '@anxun/shared/constants';
import type { WebSocket } from 'ws';
import type { BusEvent } from '../../infra/realtime-bus.js';

/** Sockets closed in one go before the event loop is let go (10,000 at once blocked it ~0.5 s). */
const CLOSE_CHUNK = 200;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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

export type RevokeReason = 'replaced' | 'logout';

/**
 * The websockets this node holds, by session (so a revoked session's sockets can be found)
 * and by person (so a message for a learner reaches each of their open pages).
 */
export class SocketRegistry {
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly byPerson = new Map<string, Set<WebSocket>>();

  /** Takes a socket of a session; false (and the socket closed) when the session holds its limit. */
  add(sessionId: string, personId: string, socket: WebSocket): boolean {
    if ((this.bySession.get(sessionId)?.size ?? 0) >= MAX_SOCKETS_PER_SESSION) {
      socket.close(WsCloseCode.TOO_MANY_SOCKETS, 'too many connections');
      return false;
    }
    track(this.bySession, sessionId, socket);
    track(this.byPerson, personId, socket);
    return true;
  }

  /** Bus handler: a session revoked anywhere loses its sockets here; a person's message reaches theirs. */
  handle(event: BusEvent): void {
    if (event.type === 'person.message') {
      const text = JSON.stringify(event.message);
      for (const socket of this.byPerson.get(event.personId) ?? []) socket.send(text);
      return;
    }
    // new tokens, same session: its sockets stay; an ack is for the session caches
    if (event.type !== 'session.revoked') return;
    void this.closeSessions(new Map(event.sessionIds.map((id) => [id, event.reason])));
  }

  /** Closes the sockets of revoked sessions, a chunk at a time so the event loop keeps answering. */
  async closeSessions(revoked: ReadonlyMap<string, RevokeReason>): Promise<number> {
    let closed = 0;
    for (const [id, reason] of revoked) {
      for (const socket of [...(this.bySession.get(id) ?? [])]) {
        if (reason === 'replaced') {
          socket.send(JSON.stringify({ code: WsCode.LOGGED_IN_ELSEWHERE }));
          socket.close(WsCloseCode.LOGGED_IN_ELSEWHERE, 'logged in elsewhere');
        } else {
          socket.close(WsCloseCode.LOGGED_OUT, 'logged out');
        }
        if (++closed % CLOSE_CHUNK === 0) await yieldToLoop();
      }
    }
    return closed;
  }

  /** The sessions that hold sockets here. */
  sessionIds(): string[] {
    return [...this.bySession.keys()];
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
