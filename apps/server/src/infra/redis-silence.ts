import type { Redis } from 'ioredis';

/**
 * A Redis that stopped answering while its connection stays open (a partition, a paused VM, a
 * failover in progress) is dropped and dialled again once one of its commands fails on a ready
 * connection: until Redis answers the new connection's ready check, every command fails at once
 * (no offline queue) and its caller goes on without Redis, instead of each command waiting out
 * its timeout. A Redis that answers again is used again on its own.
 */
export function redialIfSilent(client: Redis): void {
  if (client.status === 'ready') client.disconnect(true);
}
