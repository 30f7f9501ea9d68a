import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_SOCKETS_PER_SESSION, WsCloseCode, WsCode } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  connectWs,
  dialects,
  dropSchema,
  login,
  startServer,
  waitForSockets,
  type TestServer,
} from '../../../test/harness.js';

describe.each(dialects)('sessions and realtime on $name', ({ databaseUrl }) => {
  let server: TestServer;
  const me = (token: string) => server.request('GET', '/api/user/info', { headers: { Authorization: token } });
  const loginDemo = async () => (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data;

  beforeAll(async () => {
    server = await startServer({ databaseUrl, env: { WS_RECHECK_SECONDS: '1' } });
  });
  afterAll(() => server.close());

  it('needs a token for user data', async () => {
    const res = await server.request('GET', '/api/user/info');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ErrorCode.UNAUTHORIZED);
    const bogus = await me('not-a-token');
    expect(bogus.body.code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('answers the heartbeat and takes "Bearer" or a bare token', async () => {
    const { credentials } = await loginDemo();
    expect((await me(credentials.accessToken)).body.data.userName).toBe(DEMO_LEARNER.name);
    expect((await me(`Bearer ${credentials.accessToken}`)).body.code).toBe(200);
    const ws = connectWs(server, credentials.accessToken);
    await ws.opened;
    await waitForSockets(server, 1);
    ws.socket.send(JSON.stringify({ code: WsCode.HEARTBEAT }));
    expect(await ws.nextMessage()).toEqual({ code: 0x99001 });
    ws.socket.close();
    await ws.closed;
  });

  it('refuses a websocket with a bad token with close code 4001', async () => {
    const ws = connectWs(server, 'forged-token');
    const closed = await ws.closed;
    expect(closed.code).toBe(WsCloseCode.UNAUTHORIZED);
  });

  it('closes a socket sending a frame over the limit (1009), logging it as the client’s doing, not an error', async () => {
    const { credentials } = await loginDemo();
    const ws = connectWs(server, credentials.accessToken);
    await ws.opened;
    ws.socket.send('x'.repeat(100_000));
    expect((await ws.closed).code).toBe(1009);
    const refused = server.logs.filter((l) => l.includes('websocket frame refused'));
    expect(refused.length).toBeGreaterThan(0);
    // warn (40), no stack; and no error-level line for it
    expect(refused.every((l) => JSON.parse(l).level === 40 && !l.includes('stack'))).toBe(true);
    expect(server.logs.some((l) => l.includes('Max payload size exceeded') && JSON.parse(l).level >= 50)).toBe(false);
  });

  it('one device at a time: a new login kicks the old one over HTTP and websocket', async () => {
    const first = await loginDemo();
    const ws = connectWs(server, first.credentials.accessToken);
    await ws.opened;
    await waitForSockets(server, 1);

    const second = await loginDemo();
    expect(await ws.nextMessage()).toEqual({ code: 0x90001 });
    expect((await ws.closed).code).toBe(WsCloseCode.LOGGED_IN_ELSEWHERE);

    const old = await me(first.credentials.accessToken);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ code: 40003, msg: '异地登录', data: null });
    expect((await me(second.credentials.accessToken)).body.code).toBe(200);

    // the old device cannot silently come back with its refresh token either
    const refresh = await server.request('POST', '/api/refresh-token', {
      json: { refreshToken: first.credentials.refreshToken },
    });
    expect(refresh.body.code).toBe(40003);

    // and a websocket opened later with the replaced token is told the same
    const late = connectWs(server, first.credentials.accessToken);
    expect(await late.nextMessage()).toEqual({ code: 0x90001 });
    expect((await late.closed).code).toBe(WsCloseCode.LOGGED_IN_ELSEWHERE);
  });

  it('re-logs in on the same device with a refresh token that works once', async () => {
    const first = await loginDemo();
    const res = await server.request('POST', '/api/refresh-token', {
      json: { refreshToken: first.credentials.refreshToken },
    });
    expect(res.body.code).toBe(200);
    const next = res.body.data.credentials;
    expect(next.accessToken).not.toBe(first.credentials.accessToken);
    expect((await me(next.accessToken)).body.code).toBe(200);
    expect((await me(first.credentials.accessToken)).body.code).toBe(ErrorCode.UNAUTHORIZED);
    const replay = await server.request('POST', '/api/refresh-token', {
      json: { refreshToken: first.credentials.refreshToken },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(ErrorCode.BAD_REFRESH_TOKEN);
  });

  it('revokes the session when a rotated refresh token comes again after the grace: a copy is in other hands', async () => {
    let now = Date.now();
    const clocked = await startServer({ databaseUrl, now: () => now });
    const renew = (refreshToken: string) => clocked.request('POST', '/api/refresh-token', { json: { refreshToken } });
    const who = (token: string) => clocked.request('GET', '/api/user/info', { headers: { Authorization: token } });
    try {
      const stolen = (await login(clocked, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials;
      // the owner renews; a second tab sending the same token at once is only refused
      const owner = (await renew(stolen.refreshToken)).body.data.credentials;
      now += 5_000;
      expect((await renew(stolen.refreshToken)).body.code).toBe(ErrorCode.BAD_REFRESH_TOKEN);
      expect((await who(owner.accessToken)).body.code).toBe(200);
      // a minute later the old token comes again: the thief's copy, or the owner's — the session ends
      now += 60_000;
      expect((await renew(stolen.refreshToken)).body.code).toBe(ErrorCode.BAD_REFRESH_TOKEN);
      expect((await who(owner.accessToken)).body.code).toBe(ErrorCode.UNAUTHORIZED);
      expect((await renew(owner.refreshToken)).body.code).toBe(ErrorCode.BAD_REFRESH_TOKEN);

      // a thief who renews twice before the copy comes back: the token two rotations old ends it too
      const copied = (await login(clocked, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials;
      now += 1_000;
      const once = (await renew(copied.refreshToken)).body.data.credentials;
      now += 1_000;
      const twice = (await renew(once.refreshToken)).body.data.credentials;
      now += 60_000;
      expect((await renew(copied.refreshToken)).body.code).toBe(ErrorCode.BAD_REFRESH_TOKEN);
      expect((await who(twice.accessToken)).body.code).toBe(ErrorCode.UNAUTHORIZED);
    } finally {
      await clocked.close();
    }
  });

  it('forgets rotated refresh tokens once no refresh token could be that old (at start, then every six hours)', async () => {
    let now = Date.now();
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-rotated-'));
    const shared = { databaseUrl, dataDir, now: () => now, ...(schema ? { schema } : {}) };
    const node = await startServer(shared);
    const creds = (await login(node, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials;
    const rotated = await node.request('POST', '/api/refresh-token', { json: { refreshToken: creds.refreshToken } });
    expect(rotated.body.code).toBe(200);
    const kept = async (app: TestServer) =>
      (await app.ctx.db.selectFrom('session_refresh_history').select('session_id').execute()).length;
    expect(await kept(node)).toBe(1);
    await node.close();
    now += 10 * 86_400_000; // still within a refresh token's 30 days: kept
    const soon = await startServer(shared);
    expect(await kept(soon)).toBe(1);
    await soon.close();
    now += 21 * 86_400_000;
    const later = await startServer(shared);
    try {
      expect(await kept(later)).toBe(0);
    } finally {
      await later.close();
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    }
  });

  it('logout revokes the session and closes its websocket', async () => {
    const { credentials } = await loginDemo();
    const ws = connectWs(server, credentials.accessToken);
    await ws.opened;
    await waitForSockets(server, 1);
    const out = await server.request('GET', '/api/logout', { headers: { Authorization: credentials.accessToken } });
    expect(out.body.code).toBe(200);
    expect((await ws.closed).code).toBe(WsCloseCode.LOGGED_OUT);
    const after = await me(credentials.accessToken);
    expect(after.body.code).toBe(ErrorCode.UNAUTHORIZED);
    // logging out twice is harmless
    expect(
      (await server.request('GET', '/api/logout', { headers: { Authorization: credentials.accessToken } })).body.code,
    ).toBe(200);
  });

  it('expired access tokens are refused with a clear message', async () => {
    let now = Date.now();
    const clocked = await startServer({ databaseUrl, now: () => now });
    try {
      const res = await login(clocked, DEMO_LEARNER.account, DEMO_LEARNER.password);
      now += 3 * 3600_000;
      const stale = await clocked.request('GET', '/api/user/info', {
        headers: { Authorization: res.body.data.credentials.accessToken },
      });
      expect(stale.body.code).toBe(ErrorCode.SESSION_EXPIRED);
      const renewed = await clocked.request('POST', '/api/refresh-token', {
        json: { refreshToken: res.body.data.credentials.refreshToken },
      });
      expect(renewed.body.code).toBe(200);
    } finally {
      await clocked.close();
    }
  });

  it('answers a heartbeat sent before the token check has finished', async () => {
    const { credentials } = await loginDemo();
    const ws = connectWs(server, credentials.accessToken);
    await ws.opened;
    // at once: the server is still looking the token up
    ws.socket.send(JSON.stringify({ code: WsCode.HEARTBEAT }));
    expect(await ws.nextMessage()).toEqual({ code: WsCode.HEARTBEAT_ACK });
    ws.socket.close();
    await ws.closed;
  });

  it('holds a few sockets per session, refuses more with 4008, and takes one again when a tab closes', async () => {
    const { credentials } = await loginDemo();
    const before = server.sockets.size;
    const tabs = Array.from({ length: MAX_SOCKETS_PER_SESSION }, () => connectWs(server, credentials.accessToken));
    await Promise.all(tabs.map((t) => t.opened));
    await waitForSockets(server, before + MAX_SOCKETS_PER_SESSION);
    const extra = connectWs(server, credentials.accessToken);
    expect((await extra.closed).code).toBe(WsCloseCode.TOO_MANY_SOCKETS);
    expect(server.sockets.size).toBe(before + MAX_SOCKETS_PER_SESSION);
    tabs[0]!.socket.close();
    await tabs[0]!.closed;
    const again = connectWs(server, credentials.accessToken);
    await again.opened;
    again.socket.send(JSON.stringify({ code: WsCode.HEARTBEAT }));
    expect(await again.nextMessage()).toEqual({ code: WsCode.HEARTBEAT_ACK });
    for (const t of [...tabs.slice(1), again]) t.socket.close();
    await Promise.all([...tabs.slice(1), again].map((t) => t.closed));
  });

  it('closes the socket of a session revoked without a word on the bus, within the re-check interval', async () => {
    const { credentials } = await loginDemo();
    const ws = connectWs(server, credentials.accessToken);
    await ws.opened;
    await waitForSockets(server, 1);
    // as when the publish was lost (Redis away): only the database knows
    await server.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now(), revoked_reason: 'logout' })
      .where('revoked_at', 'is', null)
      .execute();
    const started = Date.now();
    expect((await ws.closed).code).toBe(WsCloseCode.LOGGED_OUT);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('records when sessions were last seen, many reconnecting sockets in one write', async () => {
    const { credentials } = await loginDemo();
    const session = await server.ctx.db
      .selectFrom('sessions')
      .select(['id'])
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const before = Date.now() - 5 * 60_000;
    await server.ctx.db.updateTable('sessions').set({ last_seen_at: before }).where('id', '=', session.id).execute();
    const tabs = Array.from({ length: 3 }, () => connectWs(server, credentials.accessToken));
    await Promise.all(tabs.map((t) => t.opened));
    const seen = async () =>
      (
        await server.ctx.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id', '=', session.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    for (let i = 0; i < 50 && (await seen()) === before; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await seen()).toBeGreaterThan(before + 4 * 60_000);
    for (const t of tabs) t.socket.close();
    await Promise.all(tabs.map((t) => t.closed));
  });

  it('a node that closes writes when its sessions were last seen, rather than lose it', async () => {
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-touch-'));
    const shared = { databaseUrl, dataDir, ...(schema ? { schema } : {}) };
    const node = await startServer(shared);
    const token = (await login(node, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const before = Date.now() - 5 * 60_000;
    await node.ctx.db.updateTable('sessions').set({ last_seen_at: before }).where('revoked_at', 'is', null).execute();
    expect((await node.request('GET', '/api/user/info', { headers: { Authorization: token } })).status).toBe(200);
    await node.close(); // within the two seconds the touch waits for others to join it
    expect(node.logs.join('')).not.toContain('last seen not recorded');
    const again = await startServer(shared);
    try {
      const seen = await again.ctx.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(seen.last_seen_at).toBeGreaterThan(before + 4 * 60_000);
    } finally {
      await again.close();
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    }
  });
});
