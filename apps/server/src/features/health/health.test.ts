import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, TEST_DATABASE_URL, type TestServer } from '../../../test/harness.js';

/** A TCP relay to PostgreSQL that the test can cut, as a network failure would. */
function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let listening = false;
  const open = () =>
    new Promise<void>((resolve) => {
      if (listening) return resolve();
      listening = true;
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    open,
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        if (!listening) return resolve();
        listening = false;
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
  };
}

/** /api/health/ready for a load balancer (issue: resilience): 503 while the database is unreachable. */
describe.skipIf(!TEST_DATABASE_URL)('readiness when the database goes away', () => {
  const target = new URL(TEST_DATABASE_URL ?? 'postgres://localhost/test');
  const relay = relayTo(target);
  let server: TestServer;

  beforeAll(async () => {
    await relay.open();
    const viaRelay = new URL(target);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    server = await startServer({ databaseUrl: viaRelay.toString() });
  }, 60_000);
  afterAll(async () => {
    await relay.open();
    await server?.close();
    await relay.cut();
  });

  it('answers 503 naming the database while it cannot be reached, and 200 again after; the process survives', async () => {
    const ready = () => server.request('GET', '/api/health/ready');
    expect((await ready()).body.data).toEqual({ status: 'ok', database: 'ok', redis: 'off' });
    await relay.cut();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 50300, data: { status: 'unavailable', database: 'down', redis: 'off' } });
    // the process itself still answers: a supervisor does not restart it for this
    expect((await server.request('GET', '/api/health/live')).status).toBe(200);
    // and a request that needs the database is told to come back (a balancer retries a 503
    // on another node), not that the server failed
    const meanwhile = await server.request('GET', '/api/course/book/select-page?OrgCode=00000');
    expect(meanwhile.status, meanwhile.text).toBe(503);
    expect(meanwhile.body).toEqual({ code: 50300, msg: '服务暂不可用，请稍后重试', data: null });
    await relay.open();
    let back = await ready();
    for (let i = 0; i < 50 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await ready();
    }
    expect(back.status).toBe(200);
  }, 30_000);
});
