import type { AppContext } from '../../app-context.js';
import { findSessionStates } from '../../core/session.repository.js';
import type { RevokeReason, SocketRegistry } from './socket-registry.js';

const BATCH = 500;

/**
 * Closes the sockets whose session the database says is revoked (or gone). A revocation
 * normally reaches every node over the bus at once; one published while Redis was away is
 * lost, so each node also looks for itself — every WS_RECHECK_SECONDS and as soon as the bus
 * is back — and no revoked session keeps a socket for longer than that.
 */
export async function recheckSockets(ctx: AppContext, registry: SocketRegistry): Promise<number> {
  const ids = registry.sessionIds();
  const revoked = new Map<string, RevokeReason>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const states = new Map((await findSessionStates(ctx.db, ctx.dialect, batch)).map((s) => [s.id, s]));
    for (const id of batch) {
      const state = states.get(id);
      if (!state) revoked.set(id, 'logout');
      else if (state.revoked_at !== null) revoked.set(id, state.revoked_reason === 'replaced' ? 'replaced' : 'logout');
    }
  }
  return revoked.size > 0 ? registry.closeSessions(revoked) : 0;
}

/** Re-checks on a timer and when the bus reconnects; the returned function stops it. */
export function scheduleSocketRecheck(ctx: AppContext, registry: SocketRegistry): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    recheckSockets(ctx, registry)
      .then((closed) => {
        if (closed > 0) ctx.log.info({ closed }, 'closed the sockets of revoked sessions');
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'socket re-check failed'))
      .finally(() => (running = false));
  };
  const timer = setInterval(run, ctx.config.realtime.recheckSeconds * 1000);
  timer.unref();
  ctx.bus.onReconnect(run);
  return () => clearInterval(timer);
}
