import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureApiClient, prefetch, retryWait } from './api-client';

// a real server: counts what it is asked, answers in the API's envelope
const hits: string[] = [];
let failNext = 0;
const server = http.createServer((req, res) => {
  hits.push(`${req.url} ${req.headers.authorization ?? '-'}`);
  res.setHeader('content-type', 'application/json');
  if (req.url === '/api/too-soon') {
    res.statusCode = 429;
    res.setHeader('retry-after', '42');
    res.end(JSON.stringify({ code: 429, msg: '验证码发送过于频繁，请42秒后再试', data: null }));
    return;
  }
  if (failNext > 0) {
    failNext--;
    res.statusCode = 500;
    res.end('');
    return;
  }
  res.end(JSON.stringify({ code: 200, msg: 'ok', data: { n: hits.length } }));
});
let base = '';
let token: string | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApiClient({ getToken: () => token, onLoggedInElsewhere: () => {}, renewSession: async () => false });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
  failNext = 0;
  token = undefined;
  vi.restoreAllMocks();
});

describe('answers asked for ahead (prefetch)', () => {
  it('are taken by the first identical ask, parameters in any order; the next ask goes to the server', async () => {
    prefetch(`${base}/api/list`, { size: 4, current: 1, name: '' });
    const first = await api.get<{ n: number }>(`${base}/api/list`, { query: { current: 1, name: '', size: 4 } });
    expect(first).toEqual({ n: 1 });
    expect(hits).toEqual(['/api/list?size=4&current=1 -']);
    const again = await api.get<{ n: number }>(`${base}/api/list`, { query: { current: 1, size: 4 } });
    expect(again).toEqual({ n: 2 });
    expect(hits).toHaveLength(2);
  });

  it('are not taken by an ask with other parameters, or by another user', async () => {
    prefetch(`${base}/api/list`, { current: 1 });
    await api.get(`${base}/api/list`, { query: { current: 2 } });
    expect(hits).toHaveLength(2); // the page-2 ask went to the server
    token = 'learner-token';
    prefetch(`${base}/api/me`);
    token = 'someone-else';
    await api.get(`${base}/api/me`);
    expect(hits.slice(2)).toEqual(['/api/me learner-token', '/api/me someone-else']);
  });

  it('are asked again when the early answer failed or is older than 30 s', async () => {
    failNext = 1;
    prefetch(`${base}/api/org`);
    await expect(api.get(`${base}/api/org`, { silent: true })).resolves.toEqual({ n: 2 });
    expect(hits).toHaveLength(2);

    prefetch(`${base}/api/org`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    await api.get(`${base}/api/org`);
    expect(hits).toHaveLength(4);
  });
});

describe('a refusal that names a wait', () => {
  it('carries the seconds of its Retry-After, for a button to count down', async () => {
    const err = await api.post(`${base}/api/too-soon`, { silent: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('验证码发送过于频繁，请42秒后再试');
    expect((err as ApiError).retryAfter).toBe(42);
    expect(retryWait(err)).toBe(42);
    // a wait of hours is not a countdown; other failures name none
    expect(retryWait(new ApiError(429, 'x', 429, 7200))).toBe(0);
    expect(retryWait(new Error('x'))).toBe(0);
  });
});
