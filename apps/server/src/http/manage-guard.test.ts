import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@anxun/shared/errors';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_OPERATOR } from '../seed/demo-accounts.js';
import { login, startServer, type TestServer } from '../../test/harness.js';

/**
 * Every route of the console's API, as the OpenAPI document lists them, refuses an
 * anonymous caller (401) and a learner (403) before anything else — the guard is declared
 * once for the group, so a route added later is covered without a line of its own.
 */
/**
 * Course books, their units and uploads, and question banks: a manager's and the operator's;
 * and 操作日志, where each reads his own (the organisation's, the platform's).
 */
const BOTH_ROLES =
  /^\/api\/manage\/(course-books|course-units|course-uploads|uploads|question-books|questions|audit)(\/|$)/;

describe('the /api/manage guard', () => {
  let server: TestServer;
  let routes: Array<{ method: string; path: string }>;
  beforeAll(async () => {
    server = await startServer();
    const doc = (await server.request('GET', '/api/docs/json')).body as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/manage/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(() => server.close());

  /** The path with each `{param}` filled in, and a body where one is expected. */
  const call = (route: { method: string; path: string }, headers: Record<string, string>) =>
    server.request(route.method, route.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'), {
      headers,
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { json: {} } : {}),
    });

  it('finds the console routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/manage/departments' });
  });

  it('answers 401 to an anonymous caller on every one', async () => {
    for (const route of routes) {
      const res = await call(route, {});
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(res.body.code).toBe(ErrorCode.UNAUTHORIZED);
    }
  });

  it('answers 403 to a learner on every one, and lets the training manager through', async () => {
    const learner = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials
      .accessToken;
    for (const route of routes) {
      const res = await call(route, { Authorization: learner });
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.code).toBe(ErrorCode.FORBIDDEN);
    }
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const operator = (await login(server, DEMO_OPERATOR.account, DEMO_OPERATOR.password)).body.data.credentials
      .accessToken;
    // the operator's routes (organisations) and the training manager's: each lets its own role
    // through and refuses the other; course books, courseware and question banks let both
    // through (each works on his own books: the organisation's, or the platform's shared ones)
    // 412: the tus upload routes' answer to a request without the protocol's header
    const passed = [200, 400, 404, 412];
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const operatorsOwn = route.path.startsWith('/api/manage/organisations');
      const both = BOTH_ROLES.test(route.path);
      const asAdmin = await call(route, { Authorization: admin });
      const asOperator = await call(route, { Authorization: operator });
      if (both) {
        expect(passed, `${name} (admin)`).toContain(asAdmin.status);
        expect(passed, `${name} (operator)`).toContain(asOperator.status);
        continue;
      }
      const [mine, other] = operatorsOwn ? [asOperator, asAdmin] : [asAdmin, asOperator];
      expect(passed, name).toContain(mine.status);
      expect(other.status, name).toBe(403);
    }
    // the two lists agree with what the operator's console shows
    expect(routes.filter((r) => BOTH_ROLES.test(r.path)).length).toBeGreaterThanOrEqual(20);
  });
});
