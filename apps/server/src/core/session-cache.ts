import { EpochCache } from './epoch-cache.js';
import type { BusEvent } from '../infra/realtime-bus.js';

/** What authenticateToken needs of a live session (a revoked one is never kept). */
export interface CachedSession {
  id: string;
  person_id: string;
  org_id: string;
  role: string;
  access_expires_at: number;
  last_seen_at: number;
}

/** How long a node trusts a session it read without reading it again, at most. */
export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 20_000;

/**
 * Live sessions by access-token hash, so a signed-in request does not cost a database read.
 * A session leaves every node's cache the moment it changes anywhere: revocation (logout,
 * one-device replacement, disable, a manager's password reset) and refresh rotation publish
 * on the realtime bus, and each node forgets those sessions. Entries also expire after
 * SESSION_CACHE_MS, and the cache is emptied when the bus comes back after an outage (events
 * may have been lost) and not used while it is away.
 *
 * A read that began before an invalidation does not put the old row back: every forget moves
 * an epoch on, and a row read under an older epoch is not kept. The node that revokes waits
 * (briefly) until every node has said it forgot, so the answer to a logout means the token
 * fails on every node from the next request on.
 */
export class SessionCache {
  private readonly hashOf = new Map<string, string>();
  private readonly byHash: EpochCache<string, CachedSession>;
  private readonly awaiting = new Map<string, { left: number; done: (all: boolean) => void }>();

  constructor(now: () => number) {
    this.byHash = new EpochCache(now, SESSION_CACHE_MS, MAX_ENTRIES, (hash, session) => {
      if (this.hashOf.get(session.id) === hash) this.hashOf.delete(session.id);
    });
  }

  /** The epoch to hand back to `set` with the row read after this call. */
  epoch(): number {
    return this.byHash.epoch();
  }

  get(hash: string): CachedSession | undefined {
    return this.byHash.get(hash);
  }

  set(hash: string, session: CachedSession, readAtEpoch: number): void {
    if (this.byHash.set(hash, session, readAtEpoch)) this.hashOf.set(session.id, hash);
  }

  forget(sessionIds: string[]): void {
    this.byHash.forget(sessionIds.flatMap((id) => this.hashOf.get(id) ?? []));
  }

  clear(): void {
    this.byHash.clear();
  }

  /** Bus handler. */
  handle(event: BusEvent): void {
    if (event.type === 'session.revoked' || event.type === 'session.changed') this.forget(event.sessionIds);
    if (event.type === 'session.forgotten') {
      const wait = this.awaiting.get(event.ack);
      if (wait && --wait.left <= 0) wait.done(true);
    }
  }

  /**
   * Resolves true once `nodes` nodes have said they forgot the sessions of the event carrying
   * `ack` (register before publishing), false after `ms` (a node that went away).
   */
  acked(ack: string, nodes: number, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), ms);
      const finish = (all: boolean) => {
        clearTimeout(timer);
        this.awaiting.delete(ack);
        resolve(all);
      };
      this.awaiting.set(ack, { left: nodes, done: finish });
    });
  }

  get size(): number {
    return this.byHash.size;
  }
}
