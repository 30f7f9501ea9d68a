import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../seed/demo-accounts.js';
import {
  addLearner,
  encrypt,
  holdsCode,
  lastSmsCode,
  login,
  publicKeyOf,
  startServer,
  type TestServer,
} from '../../test/harness.js';

const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
describe('the HTTP pipeline', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('answers malformed JSON, wrong types and unknown fields with a 400 envelope', async () => {
    const cases = [
      { json: '{"username": "demo", ', msg: '请求体不是合法的JSON' },
      { json: { username: 123, password: 'x' } },
      { json: { username: 'demo', password: ['a'] } },
      { json: { username: 'demo', password: 'x', admin: true } },
      { json: '[]' },
      { json: 'null' },
    ];
    for (const c of cases) {
      const res = await server.request('POST', '/api/login', { json: c.json });
      expect(res.status, JSON.stringify(c.json)).toBe(400);
      expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
      expect(res.body.data).toBeNull();
      if (c.msg) expect(res.body.msg).toBe(c.msg);
    }
  });

  it('says in plain words what is too long, too large or not a finite number, naming the field', async () => {
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const create = (json: unknown) =>
      server.request('POST', '/api/manage/course-books', { json, headers: { Authorization: admin } });
    // 1e999 is a JSON number that is no number at all (Infinity)
    const infinite = await create('{"name": "有限空间", "classHours": 1e999}');
    expect(infinite.status).toBe(400);
    expect(infinite.body.msg).toBe('请求体classHours: 须为有限的数字');
    // (an empty name has the product's own words: 请输入课程名称)
    expect((await create({ name: '', classHours: 1 })).body.msg).toBe('请输入课程名称');
    const long = await create({ name: '长'.repeat(61), classHours: 1 });
    expect(long.body.msg).toBe('请求体name: 长度不能超过 60 个字符');
    // the product's own words stand as they are
    expect((await create({ name: '有限空间', classHours: 500 })).body.msg).toBe('学时不能超过200');
    const id = await server.request('POST', `/api/manage/learners/${'a'.repeat(65)}/unlock`, {
      headers: { Authorization: admin },
    });
    expect(id.status).toBe(400);
    expect(id.body.msg).toBe('路径参数id: 长度不能超过 64 个字符');
  });

  it('refuses oversized bodies with a 413 envelope', async () => {
    const res = await server.request('POST', '/api/login', {
      json: { username: 'demo', password: 'x'.repeat(200_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('refuses a too-long field inside the limit with a 400, not a 500', async () => {
    const res = await server.request('POST', '/api/login', { json: { username: 'demo', password: 'x'.repeat(5000) } });
    expect(res.status).toBe(400);
  });

  it('answers unknown paths and unsupported content types with envelopes', async () => {
    const missing = await server.request('GET', '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(ErrorCode.NOT_FOUND);
    const xml = await server.request('POST', '/api/login', {
      body: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('answers a malformed URL escape with an envelope', async () => {
    const res = await server.request('GET', '/api/health/%ZZ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, data: null });
  });

  it('answers malformed multipart uploads with a 400 envelope', async () => {
    const token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const cases = [
      { type: 'multipart/form-data', body: 'xx' },
      { type: 'multipart/form-data; boundary=XX', body: 'garbage' },
      {
        type: 'multipart/form-data; boundary=XX',
        body: '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      },
    ];
    for (const c of cases) {
      const res = await server.request('POST', '/api/file/upload', {
        body: c.body,
        headers: { 'content-type': c.type, Authorization: token },
      });
      expect(res.status, c.body).toBeGreaterThanOrEqual(400);
      expect(res.status, c.body).toBeLessThan(500);
      expect(res.body.code).not.toBe(200);
    }
  });

  it('accepts a form-encoded login', async () => {
    const res = await server.request('POST', '/api/login', {
      body: new URLSearchParams({ username: 'demo', password: 'demo1234' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.body.code).toBe(200);
  });

  it('sends security headers: a closed policy to JSON, the pages’ policy to the API docs', async () => {
    const res = await server.request('GET', '/api/health');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // HSTS only over HTTPS: over plain HTTP it is ignored, and would pin a development host
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const live = await server.request('GET', '/api/health/live');
    expect(live.body.data).toEqual({ status: 'ok' });
    // the same route under a percent-encoded path (the router decodes it) gets the same policy
    const encoded = await fetch(`${server.baseUrl}/%61pi/health/live`);
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    // and an unknown API path, plain or encoded (with the web app built, the pages' catch-all matches it)
    for (const unknown of ['/api/nonexistent', '/%61pi/nonexistent']) {
      const res404 = await fetch(`${server.baseUrl}${unknown}`);
      expect(res404.headers.get('content-security-policy'), unknown).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const docs = await fetch(`${server.baseUrl}/api/docs/`);
    expect(docs.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(docs.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it.skipIf(!fs.existsSync(path.join(WEB_DIST, 'index.html')))(
    'sends the web app compressed, its hashed files cacheable for a year, the page revalidated',
    async () => {
      const page = await fetch(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
      const html = await page.text();
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      // the page's one inline script (its first page's preload) runs by its hash, nothing else inline
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
      expect(inline).toHaveLength(1);
      const scriptSrc = /script-src ([^;]*)/.exec(page.headers.get('content-security-policy')!)![1]!;
      expect(scriptSrc).toContain(`'sha256-${crypto.createHash('sha256').update(inline[0]!).digest('base64')}'`);
      expect(scriptSrc).not.toContain('unsafe-inline');
      const etag = page.headers.get('etag')!;
      // a browser revalidating: fetch() would add `cache-control: no-cache`, which forbids a 304
      const revalidated = await new Promise<number | undefined>((resolve, reject) =>
        http
          .get(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag } }, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
          .on('error', reject),
      );
      expect(revalidated).toBe(304);

      const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1]!;
      const plain = fs.readFileSync(path.join(WEB_DIST, script));
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const res = await fetch(`${server.baseUrl}${script}`, { headers: { 'accept-encoding': accept } });
        const sent = Buffer.from(await res.arrayBuffer());
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('vary')).toBe('accept-encoding');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBeNull();
        if (encoding) expect(Number(res.headers.get('content-length'))).toBeLessThan(plain.length / 2);
        // fetch undoes the encoding: what arrives is the file, byte for byte
        expect(sent.equals(plain)).toBe(true);
      }
    },
  );

  it('sends HSTS when a trusted proxy says the request came over HTTPS, and only then; keeps its request id', async () => {
    const proxied = await startServer({ env: { TRUST_PROXY: '1' } });
    try {
      // the proxy's request id (nginx's $request_id) when it is a plain token, else a fresh one
      const given = await proxied.request('GET', '/api/health/live', {
        headers: { 'x-request-id': 'nginx-req-0123456789' },
      });
      expect(given.headers.get('x-request-id')).toBe('nginx-req-0123456789');
      const odd = await proxied.request('GET', '/api/health/live', {
        headers: { 'x-request-id': '<script>alert(1)</script>' },
      });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const https = await proxied.request('GET', '/api/health/live', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toContain('max-age=31536000');
      const http = await proxied.request('GET', '/api/health/live', { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(http.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
    // an untrusted client cannot ask for it
    const forged = await server.request('GET', '/api/health/live', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it("takes a request id only from a trusted proxy's address when TRUST_PROXY lists them", async () => {
    const ask = (node: TestServer) =>
      node.request('GET', '/api/health/live', { headers: { 'x-request-id': 'chosen-by-peer-0123' } });
    // the proxies are elsewhere: this peer (127.0.0.1) is a client, whose id is not taken
    const elsewhere = await startServer({ env: { TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' } });
    try {
      expect((await ask(elsewhere)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await elsewhere.close();
    }
    const here = await startServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      expect((await ask(here)).headers.get('x-request-id')).toBe('chosen-by-peer-0123');
    } finally {
      await here.close();
    }
    expect((await ask(server)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a plain GET of /ws and a path outside the web root with envelopes whose code matches', async () => {
    const ws = await server.request('GET', '/ws');
    expect(ws.status).toBe(400);
    expect(ws.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '此地址只接受WebSocket连接', data: null });
    for (const url of ['/assets/..%2f..%2fpackage.json', '/..%2f..%2fetc/passwd']) {
      const res = await fetch(server.baseUrl + url);
      const body = (await res.json()) as { code: number };
      expect([403, 404], url).toContain(res.status);
      expect(body.code, url).toBe(res.status === 403 ? ErrorCode.FORBIDDEN : ErrorCode.NOT_FOUND);
    }
  });

  it('serves an OpenAPI document and its UI at /api/docs', async () => {
    const doc = (await fetch(`${server.baseUrl}/api/docs/json`).then((r) => r.json())) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/login', '/api/register', '/api/train/person/send-check-code/{tel}', '/api/file/select']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const ui = await fetch(`${server.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });

  it('keeps passwords, check codes, tokens, ID numbers and phone numbers out of the request log', async () => {
    const key = await publicKeyOf(server);
    await server.request('POST', `/api/login?username=${DEMO_LEARNER.idCard}&password=${DEMO_LEARNER.password}`);
    const res = await login(server, DEMO_LEARNER.idCard, encrypt(DEMO_LEARNER.password, key));
    const token: string = res.body.data.credentials.accessToken;
    await server.request('GET', '/api/user/info', { headers: { Authorization: token } });
    const ws = await fetch(`${server.baseUrl}/ws?Authorization=${token}`);
    await ws.text();
    await server.request('GET', `/api/train/person/send-check-code/${DEMO_LEARNER.phone}`);
    const code = await lastSmsCode(server, DEMO_LEARNER.phone);
    await server.request('POST', '/api/login', { json: { telPhoto: DEMO_LEARNER.phone, checkCode: code } });
    await server.request('GET', `/api/file/select?otcId=${DEMO_LEARNER.idCard}&otcType=SysPhoto`);
    await server.request('POST', `/api/login?password[]=${DEMO_LEARNER.password}&x=1`);
    await server.request('GET', `/api/health?Password%00=${DEMO_LEARNER.password}`);
    await server.request('GET', `/api/health;password=${DEMO_LEARNER.password}`);
    await server.request('GET', `/api/base/person/tel-login/${DEMO_LEARNER.phone}`);
    await server.request('GET', `/api/health?q=${DEMO_LEARNER.phone}`); // a console search for a learner
    // as people type one: with the country's code, in groups
    const [head, mid, tail] = [
      DEMO_LEARNER.phone.slice(0, 3),
      DEMO_LEARNER.phone.slice(3, 7),
      DEMO_LEARNER.phone.slice(7),
    ];
    await server.request(
      'GET',
      `/api/train/person/send-check-code/${encodeURIComponent(`+86 ${head} ${mid} ${tail}`)}`,
    );
    await server.request('GET', `/api/health?q=${encodeURIComponent(`0086-${head}-${mid}-${tail}`)}`);
    await server.request('GET', `/api/health?q=86${head}+${mid}+${tail}`);

    const requestLog = server.logs.filter((l) => l.startsWith('{')).join('\n');
    expect(requestLog).toContain('/api/login');
    expect(requestLog).not.toContain(DEMO_LEARNER.password);
    expect(requestLog).not.toContain(DEMO_LEARNER.idCard);
    expect(requestLog).not.toContain(token);
    expect(holdsCode(requestLog, code)).toBe(false);
    expect(requestLog).not.toContain(res.body.data.credentials.refreshToken);
    expect(requestLog).not.toContain(DEMO_LEARNER.phone);
    // (in the URLs logged: a response time's digits may hold any run of them)
    const urls = requestLog
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter(Boolean)
      .join('\n');
    expect(urls).toContain('/api/train/person/send-check-code/');
    expect(urls).not.toMatch(new RegExp(`${head}\\D{0,3}${mid}\\D{0,3}${tail}`));
    const masked = `${DEMO_LEARNER.phone.slice(0, 3)}****${DEMO_LEARNER.phone.slice(7)}`;
    expect(requestLog).toContain(`/api/train/person/send-check-code/${masked}`);
    expect(requestLog).toContain(`/api/health?q=${masked}`);
  });
});

describe('rate limits', () => {
  it('ignores a forged X-Forwarded-For unless a proxy is configured', async () => {
    const server = await startServer({
      configure: (c) => {
        c.rateLimits.loginPerIp = { points: 3, durationSeconds: 60 };
      },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await login(server, `x-${i}`, 'whatever1', { 'X-Forwarded-For': `10.0.0.${i}` });
        codes.push(res.body.code);
      }
      expect(codes.slice(3)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
    } finally {
      await server.close();
    }
  });

  it('gives one person one guessing budget whichever name the guesses use', async () => {
    const server = await startServer({
      configure: (c) => {
        c.rateLimits.loginPerAccount = { points: 5, durationSeconds: 600 };
      },
    });
    try {
      const names = [DEMO_LEARNER.account, DEMO_LEARNER.phone, DEMO_LEARNER.idCard];
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await login(server, names[i % 3]!, `guess-${i}`)).body.code);
      expect(codes.slice(0, 5).every((c) => c === ErrorCode.WRONG_CREDENTIALS)).toBe(true);
      expect(codes[5]).toBe(ErrorCode.RATE_LIMITED);
    } finally {
      await server.close();
    }
  });

  it('lets a whole classroom log in from one address, but not one account hammered', async () => {
    const server = await startServer({
      configure: (c) => {
        c.rateLimits.loginPerAccount = { points: 5, durationSeconds: 600 };
      },
    });
    try {
      const learners = Array.from({ length: 40 }, (_, i) => `class-${i}`);
      for (const name of learners) await addLearner(server, { account: name, password: 'pass1234' });
      const results = await Promise.all(learners.map((name) => login(server, name, 'pass1234')));
      expect(results.map((r) => r.body.code)).toEqual(learners.map(() => 200));

      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await login(server, 'class-0', `guess-${i}`)).body.code);
      expect(codes.slice(0, 4)).toEqual([40010, 40010, 40010, 40010]);
      expect(codes.at(-1)).toBe(ErrorCode.RATE_LIMITED);
      const limited = await login(server, 'class-0', 'pass1234');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // another learner on the same address is unaffected
      expect((await login(server, 'class-1', 'pass1234')).body.code).toBe(200);
    } finally {
      await server.close();
    }
    // eighty password hashes: a busy machine's cores make that slow (CI timed out at 30 s)
  }, 90_000);

  it('limits logins per address at a high, classroom-sized ceiling', async () => {
    const server = await startServer({
      configure: (c) => {
        c.rateLimits.loginPerIp = { points: 10, durationSeconds: 60 };
      },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await login(server, `user-${i}`, 'whatever1')).body.code);
      expect(codes.slice(0, 10).every((c) => c === ErrorCode.WRONG_CREDENTIALS)).toBe(true);
      expect(codes.slice(10)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
    } finally {
      await server.close();
    }
  });
});
