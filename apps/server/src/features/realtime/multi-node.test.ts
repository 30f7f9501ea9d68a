import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WsCloseCode } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import type { AppConfig } from '../../infra/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  addLearner,
  connectWs,
  dropSchema,
  login,
  startServer,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  waitForSockets,
  type TestServer,
} from '../../../test/harness.js';

/**
 * Two server nodes sharing one PostgreSQL and one Redis, as behind a load balancer: a login
 * on one node must kick the websocket held by the other, and rate limits count across both.
 */
describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL)('two nodes over postgres + redis', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const redisPrefix = `anxun-test-${crypto.randomBytes(6).toString('hex')}:`;
  // Nodes share DATA_DIR/keys so a field encrypted with one node's key decrypts on the other.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-two-nodes-'));
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    const shared = {
      databaseUrl: TEST_DATABASE_URL,
      redisUrl: TEST_REDIS_URL,
      schema,
      redisPrefix,
      dataDir,
      // the account-wide ceiling, counted in Redis for both nodes (the per-address budget set aside)
      configure: (c: AppConfig) => {
        c.rateLimits.loginPerAccount = { points: 6, durationSeconds: 600 };
        c.rateLimits.loginFailuresPerAddress = { points: 100, durationSeconds: 600 };
      },
    };
    nodeA = await startServer(shared);
    nodeB = await startServer(shared);
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    if (TEST_DATABASE_URL) await dropSchema(TEST_DATABASE_URL, schema);
  });

  it('both nodes are ready, with their database and Redis', async () => {
    for (const node of [nodeA, nodeB]) {
      expect((await node.request('GET', '/api/health/ready')).body.data).toEqual({
        status: 'ok',
        database: 'ok',
        redis: 'ok',
      });
    }
  });

  it('a token revoked, rotated or disabled on one node stops working on the other at once, though both cache sessions', async () => {
    const id = await addLearner(nodeA, { account: 'cached-two', password: 'cache1234' });
    const info = (node: TestServer, token: string) =>
      node.request('GET', '/api/user/info', { headers: { Authorization: token } });
    const signIn = async () => (await login(nodeA, 'cached-two', 'cache1234')).body.data.credentials;

    // refresh on A: the old access token, cached on B, stops there with the next request
    const first = await signIn();
    expect((await info(nodeB, first.accessToken)).status).toBe(200);
    expect(nodeB.ctx.sessions.size).toBeGreaterThan(0); // B answered from its cache from now on
    const refreshed = await nodeA.request('POST', '/api/refresh-token', { json: { refreshToken: first.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await info(nodeB, first.accessToken)).status).toBe(401);
    const second = refreshed.body.data.credentials;
    expect((await info(nodeB, second.accessToken)).status).toBe(200);

    // logout on A: gone on B
    expect((await nodeA.request('GET', '/api/logout', { headers: { Authorization: second.accessToken } })).status).toBe(
      200,
    );
    expect((await info(nodeB, second.accessToken)).status).toBe(401);

    // a login elsewhere: the replaced session, cached on A, answers 异地登录 on A
    const third = await signIn();
    expect((await info(nodeA, third.accessToken)).status).toBe(200);
    await login(nodeB, 'cached-two', 'cache1234');
    expect((await info(nodeA, third.accessToken)).body.code).toBe(ErrorCode.LOGGED_IN_ELSEWHERE);

    // disabled by a manager on B: the session cached on A stops
    const fourth = await signIn();
    expect((await info(nodeA, fourth.accessToken)).status).toBe(200);
    const admin = (await login(nodeB, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    expect(
      (await nodeB.request('POST', `/api/manage/learners/${id}/disable`, { headers: { Authorization: admin } })).status,
    ).toBe(200);
    expect((await info(nodeA, fourth.accessToken)).status).toBe(401);
  });

  it('a rename on one node shows in "who am I" on the other, though both cache who people are', async () => {
    const id = await addLearner(nodeA, { account: 'renamed-two', password: 'rename123' });
    const credentials = (await login(nodeA, 'renamed-two', 'rename123')).body.data.credentials;
    const name = async (node: TestServer) =>
      (await node.request('GET', '/api/user/info', { headers: { Authorization: credentials.accessToken } })).body.data
        .userName;
    expect(await name(nodeB)).toBe('renamed-two');
    expect(nodeB.ctx.people.size).toBeGreaterThan(0);
    const admin = (await login(nodeA, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const renamed = await nodeA.request('PUT', `/api/manage/learners/${id}`, {
      json: { name: '改名后' },
      headers: { Authorization: admin },
    });
    expect(renamed.status).toBe(200);
    // the event crosses Redis in a moment; the cache would otherwise hold the old name for 30 s
    const deadline = Date.now() + 2_000;
    while ((await name(nodeB)) !== '改名后' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await name(nodeB)).toBe('改名后');
  });

  it('a login on node B kicks the websocket held by node A', async () => {
    const first = await login(nodeA, DEMO_LEARNER.account, DEMO_LEARNER.password);
    const ws = connectWs(nodeA, first.body.data.credentials.accessToken);
    await ws.opened;
    await waitForSockets(nodeA, 1);

    const second = await login(nodeB, DEMO_LEARNER.account, DEMO_LEARNER.password);
    expect(second.body.code).toBe(200);
    expect(await ws.nextMessage()).toEqual({ code: 0x90001 });
    expect((await ws.closed).code).toBe(WsCloseCode.LOGGED_IN_ELSEWHERE);

    const old = await nodeA.request('GET', '/api/user/info', {
      headers: { Authorization: first.body.data.credentials.accessToken },
    });
    expect(old.body).toEqual({ code: 40003, msg: '异地登录', data: null });
  });

  it('a logout on one node closes the socket on the other', async () => {
    const res = await login(nodeB, DEMO_LEARNER.account, DEMO_LEARNER.password);
    const token: string = res.body.data.credentials.accessToken;
    const ws = connectWs(nodeA, token);
    await ws.opened;
    await waitForSockets(nodeA, 1);
    await nodeB.request('GET', '/api/logout', { headers: { Authorization: token } });
    expect((await ws.closed).code).toBe(WsCloseCode.LOGGED_OUT);
  });

  it('counts one account against one budget across nodes', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await login(nodeA, 'someone', `guess-${i}`)).body.code);
      codes.push((await login(nodeB, 'someone', `guess-${i}`)).body.code);
    }
    expect(codes.slice(0, 6).every((c) => c === ErrorCode.WRONG_CREDENTIALS)).toBe(true);
    expect(codes.slice(6)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
  });
});
