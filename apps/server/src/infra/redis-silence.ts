import type { Redis } from 'ioredis';

const isTimeout = (err: unknown) => err instanceof Error && /timed out/i.test(err.message);

/**
 * A Redis that stopped answering while its connection stays open (a partition, a paused VM, a
 * failover in progress) is dropped and dialled again once one of its commands timed out on a
 * ready connection: until Redis answers the new connection's ready check, every command fails
 * at once (no offline queue) and its caller goes on without Redis, instead of each command
 * waiting out its timeout. An error Redis answered with (OOM, READONLY, NOAUTH) is an answer:
 * the connection is kept. A Redis that answers again is used again on its own.
 */
export function redialIfSilent(client: Redis, err: unknown): void {
  if (isTimeout(err) && client.status === 'ready') client.disconnect(true);
}

const PROBE_EVERY_MS = 5_000;
const probed = new WeakMap<Redis, number>();

/**
 * For a caller that saw a command fail without seeing why (a rate limiter falling back to
 * memory): one PING, at most every few seconds per client, and a redial if it times out.
 */
export function probeSilence(client: Redis): void {
  const now = Date.now();
  if (client.status !== 'ready' || now - (probed.get(client) ?? 0) < PROBE_EVERY_MS) return;
  probed.set(client, now);
  client.ping().catch((err: unknown) => redialIfSilent(client, err));
}
