import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { connectWs, login, startServer, waitForSockets, type TestServer } from '../../../test/harness.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Operations (issue: resilience): Prometheus metrics when asked for, and a request id on every answer. */
describe('metrics and request ids', () => {
  let server: TestServer;
  let metricsPort = 0;
  const scrape = async (url: string) => (await fetch(url)).text();

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ env: { METRICS: '1', METRICS_PORT: String(metricsPort) } });
  });
  afterAll(() => server.close());

  it('counts requests by route pattern (never an id), open websockets, jobs and the event loop', async () => {
    await server.request('GET', '/api/health/live');
    const id = crypto.randomUUID();
    expect((await server.request('GET', `/api/file/view/${id}`)).status).toBe(404);
    const token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const ws = connectWs(server, token);
    await ws.opened;
    await waitForSockets(server, 1);

    const text = await scrape(`${server.baseUrl}/metrics`);
    expect(text).toMatch(
      /anxun_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} 1/,
    );
    expect(text).toContain('route="/api/file/view/:id",status="404"');
    expect(text).not.toContain(id);
    expect(text).not.toContain(token);
    expect(text).toMatch(/^anxun_websockets_open 1$/m);
    expect(text).toMatch(/^anxun_jobs_queued 0$/m);
    expect(text).toMatch(/^anxun_face_queue 0$/m);
    expect(text).toContain('anxun_nodejs_eventloop_lag_seconds');
    expect(text).toContain('anxun_credit_batch_commit_seconds_bucket');
    // the same on a port of its own, for a scraper on the private network
    expect(await scrape(`http://127.0.0.1:${metricsPort}/metrics`)).toContain('anxun_websockets_open 1');
    ws.socket.close();
    await ws.closed;
  });

  it('sends each answer with a fresh request id: without a trusted proxy, not the one the client names', async () => {
    const fresh = await server.request('GET', '/api/health/live');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // (a proxy's own is kept: http-pipeline.test)
    const given = await server.request('GET', '/api/health/live', {
      headers: { 'x-request-id': 'chosen-by-a-learner' },
    });
    expect(given.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the request id on the study event a report made, to find its log lines from the record', async () => {
    const token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const units = await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', {
      json: {},
      headers: { Authorization: token },
    });
    const res = await server.request('POST', '/api/train/cls_Warp/update-Warp', {
      json: {
        trainWarpCourseId: units.body.data[0].trainWarpCourseId,
        playbackId: 'request-id-test',
        seq: 1,
        position: 0,
        rate: 1,
        hidden: false,
      },
      headers: { Authorization: token },
    });
    expect(res.status, res.text).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const event = await server.ctx.db
      .selectFrom('study_events')
      .select('request_id')
      .where('playback_id', '=', 'request-id-test')
      .executeTakeFirstOrThrow();
    expect(event.request_id).toBe(requestId);
  });
});

describe('metrics off by default', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('has no /metrics unless asked', async () => {
    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.headers.get('content-type') ?? '').not.toContain('text/plain; version=0.0.4');
    expect(await res.text()).not.toContain('anxun_http_request_duration_seconds');
  });
});
