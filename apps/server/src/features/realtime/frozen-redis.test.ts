import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { startServer, TEST_REDIS_URL, type TestServer } from '../../../test/harness.js';
import { createRedisBus, type BusEvent } from '../../infra/realtime-bus.js';

/**
 * A TCP way to the real Redis that can stop carrying bytes while its connections stay open:
 * Redis as a node sees it in a network partition, a paused VM or a managed failover.
 */
async function freezableRedis(target: string) {
  const { hostname, port } = new URL(target);
  const pairs: Array<[net.Socket, net.Socket]> = [];
  const severed: net.Socket[] = [];
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port || 6379), hostname);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    client.pipe(upstream);
    upstream.pipe(client);
    pairs.push([client, upstream]);
    if (frozen) [client, upstream].forEach((s) => s.pause());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const pair of pairs) pair.forEach((s) => s.pause());
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) pair.forEach((s) => s.resume());
    },
    /** Redis forgets every connection made so far (a restart, a failover) while the node's end stays open */
    sever() {
      for (const [client, upstream] of pairs.splice(0)) {
        severed.push(client);
        client.unpipe(upstream);
        upstream.unpipe(client);
        upstream.destroy();
      }
    },
    async close() {
      for (const pair of pairs) pair.forEach((s) => s.destroy());
      for (const s of severed) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Redis that stops answering without closing its connections must not hold a login or a logout
 * for as long as it stays silent: the node goes on as it does with Redis gone (a command gives up
 * after a second, and the silent connection is dialled again, so the next ones fail at once).
 */
describe.skipIf(!TEST_REDIS_URL)('a node whose Redis stops answering', () => {
  let redis: Awaited<ReturnType<typeof freezableRedis>>;
  let server: TestServer;
  const post = (url: string, init: { json?: unknown; token?: string } = {}) =>
    fetch(server.baseUrl + url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: JSON.stringify(init.json ?? {}),
      // a hang fails the test instead of stalling it
      signal: AbortSignal.timeout(20_000),
    });
  const logIn = async () => {
    const res = await post('/api/login', {
      json: { username: DEMO_LEARNER.account, password: DEMO_LEARNER.password, client: 'study-mp' },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { credentials: { accessToken: string } } }).data.credentials.accessToken;
  };

  beforeAll(async () => {
    redis = await freezableRedis(TEST_REDIS_URL!);
    server = await startServer({ redisUrl: redis.url });
  });
  afterAll(async () => {
    redis?.thaw();
    await server?.close();
    await redis?.close();
  });

  it('still logs learners in (ending the session before) and out', async () => {
    const first = await logIn();
    redis.freeze();
    // a second login ends the first session: every node is told over the silent bus
    const second = await logIn();
    expect(second).not.toBe(first);
    const old = await fetch(`${server.baseUrl}/api/user/info`, {
      headers: { authorization: `Bearer ${first}` },
      signal: AbortSignal.timeout(20_000),
    });
    expect(old.status).toBe(401);
    const out = await fetch(`${server.baseUrl}/api/logout`, {
      headers: { authorization: `Bearer ${second}` },
      signal: AbortSignal.timeout(20_000),
    });
    expect(out.status).toBe(200);
    const after = await fetch(`${server.baseUrl}/api/user/info`, {
      headers: { authorization: `Bearer ${second}` },
      signal: AbortSignal.timeout(20_000),
    });
    expect(after.status).toBe(401);
    // Redis answering again is used again: the node reports itself whole
    redis.thaw();
    await expect
      .poll(async () => (await server.request('GET', '/api/health/ready')).body.data.status, { timeout: 15_000 })
      .toBe('ok');
    expect(await logIn()).toBeTruthy();
  });
});

describe.skipIf(!TEST_REDIS_URL)('a subscriber whose Redis forgot it', () => {
  it('notices (its PING goes unanswered), subscribes again and hears events again', async () => {
    const redis = await freezableRedis(TEST_REDIS_URL!);
    const prefix = `anxun-test-${crypto.randomBytes(6).toString('hex')}:`;
    const bus = await createRedisBus(redis.url, prefix, undefined, { everyMs: 200, timeoutMs: 500 });
    const other = await createRedisBus(TEST_REDIS_URL!, prefix);
    const heard: BusEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    try {
      redis.sever();
      // another node's event reaches this one again, without its restart
      const event: BusEvent = { type: 'person.changed', personIds: ['after-the-failover'] };
      await expect
        .poll(
          async () => {
            await other.publish(event);
            return heard.length;
          },
          { timeout: 15_000, interval: 250 },
        )
        .toBeGreaterThan(0);
      expect(heard[0]).toEqual(event);
    } finally {
      await bus.close();
      await other.close();
      await redis.close();
    }
  });
});
