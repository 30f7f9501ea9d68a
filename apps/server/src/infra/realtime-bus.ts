import { Redis } from 'ioredis';
import { redialIfSilent } from './redis-silence.js';

/**
 * Events that must reach every server node: a session that was revoked on one node must
 * have its websocket closed on whichever node holds it.
 */
export type BusEvent =
  | { type: 'session.revoked'; sessionIds: string[]; reason: 'replaced' | 'logout'; ack?: string }
  /** a session's tokens changed (a refresh): caches forget it, sockets stay */
  | { type: 'session.changed'; sessionIds: string[]; ack?: string }
  /** a node has forgotten the sessions of the event with this `ack` */
  | { type: 'session.forgotten'; ack: string }
  /** who these people are changed (every person when no list): caches forget them */
  | { type: 'person.changed'; personIds?: string[] }
  /** a message for every open socket of one person (a face check decided on their phone) */
  | { type: 'person.message'; personId: string; message: { code: number; data?: unknown } };

export interface RealtimeBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): void;
  /** called when the bus is back after an outage (events published meanwhile were lost) */
  onReconnect(handler: () => void): void;
  /** whether events can go out and come in now */
  readonly connected: boolean;
  /** how many nodes listen (each answers an event that asks for an ack) */
  listeners(): Promise<number>;
  close(): Promise<void>;
}

/** Told when a handler throws on an event (the other handlers still get it). */
export type HandlerErrorReporter = (err: unknown, event: BusEvent) => void;

/**
 * Hands an event to every handler. One that throws (an event kind it does not know, say,
 * from a newer node) must not stop the others nor, on Redis, escape the subscriber's
 * 'message' listener and take the process down.
 */
function deliver(handlers: Array<(event: BusEvent) => void>, event: BusEvent, onError: HandlerErrorReporter): void {
  for (const h of handlers) {
    try {
      h(event);
    } catch (err) {
      onError(err, event);
    }
  }
}

/** One node alone: events go straight to the local handlers. */
export function createLocalBus(onError: HandlerErrorReporter = () => undefined): RealtimeBus {
  const handlers: Array<(event: BusEvent) => void> = [];
  return {
    async publish(event) {
      deliver(handlers, event, onError);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onReconnect() {},
    connected: true,
    listeners: async () => 1,
    async close() {},
  };
}

const SUB_PROBE_EVERY_MS = 15_000;
const SUB_PROBE_TIMEOUT_MS = 5_000;

/** Many nodes: events go through Redis pub/sub, including back to this node. */
export async function createRedisBus(
  url: string,
  prefix: string,
  onError: HandlerErrorReporter = () => undefined,
  /** how often the subscriber is asked whether Redis still hears it, and how long it may take to say */
  probe: { everyMs: number; timeoutMs: number } = { everyMs: SUB_PROBE_EVERY_MS, timeoutMs: SUB_PROBE_TIMEOUT_MS },
): Promise<RealtimeBus> {
  const channel = `${prefix}realtime`;
  // a publish while Redis is away fails at once (no offline queue), and one Redis does not answer
  // (a partition, a paused VM: the connection stays open) gives up after a second: its caller
  // goes on, and the nodes' socket re-check delivers what it carried
  const pub = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 1_000,
  });
  // the subscription is made again by hand after a reconnect, so the bus knows when it listens
  const sub = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    autoResubscribe: false,
    commandTimeout: probe.timeoutMs,
  });
  // ioredis reports each failed reconnect as an error event; the health route tells the state
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers: Array<(event: BusEvent) => void> = [];
  const reconnected: Array<() => void> = [];
  let listening = false;
  sub.on('close', () => (listening = false));
  sub.on('ready', () => {
    if (listening) return;
    sub.subscribe(channel).then(
      () => {
        listening = true;
        for (const h of reconnected) h();
      },
      () => undefined, // the connection dropped again: its next 'ready' tries again
    );
  });
  sub.on('message', (_channel: string, message: string) => {
    let event: BusEvent;
    try {
      event = JSON.parse(message) as BusEvent;
    } catch {
      return;
    }
    deliver(handlers, event, onError);
  });
  await sub.subscribe(channel);
  listening = true;
  // a subscriber hears nothing from a silent Redis and cannot tell it from a quiet one: a PING
  // now and then, and a connection that does not answer is dialled again (then subscribed
  // again, and the nodes' sockets re-checked for what was missed)
  const probing = setInterval(() => {
    if (sub.status === 'ready') sub.ping().catch((err: unknown) => redialIfSilent(sub, err));
  }, probe.everyMs);
  probing.unref();
  return {
    async publish(event) {
      await pub.publish(channel, JSON.stringify(event)).catch((err: unknown) => {
        redialIfSilent(pub, err);
        throw err;
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onReconnect(handler) {
      reconnected.push(handler);
    },
    get connected() {
      return pub.status === 'ready' && listening;
    },
    async listeners() {
      const answer = (await pub.pubsub('NUMSUB', channel).catch((err: unknown) => {
        redialIfSilent(pub, err);
        throw err;
      })) as [string, number];
      return Number(answer[1]);
    },
    async close() {
      clearInterval(probing);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
