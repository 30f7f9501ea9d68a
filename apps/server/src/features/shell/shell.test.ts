import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_ORG } from '../../seed/demo-accounts.js';
import { dialects, login, startServer, type TestServer } from '../../../test/harness.js';

describe.each(dialects)('organisation and shell data on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let token: string;
  let orgId: string;
  const get = (url: string) => server.request('GET', url, { headers: { Authorization: token } });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    const res = await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password);
    token = res.body.data.credentials.accessToken;
    orgId = res.body.data.roles.sysEnterpriseId;
  });
  afterAll(() => server.close());

  it('finds the organisation by code and by id, without logging in', async () => {
    const byCode = await server.request('GET', `/api/base/baseorg/select-code/${DEMO_ORG.code}`);
    expect(byCode.body.data).toMatchObject({ baseOrgInfoId: orgId, baseOrgName: DEMO_ORG.name, logoUrl: null });
    expect(byCode.body.data.footer).toMatchObject({ phone: DEMO_ORG.footer_phone, icpRecord: DEMO_ORG.icp_record });
    const byId = await server.request('GET', `/api/base/baseorg/select/${orgId}`);
    expect(byId.body.data.baseOrgName).toBe(DEMO_ORG.name);
    const unknown = await server.request('GET', '/api/base/baseorg/select-code/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it("lists the user's notices and clears them", async () => {
    const list = await get('/notice/getList');
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ kind: 'notice', title: '欢迎使用安训' });
    const cleared = await server.request('POST', '/notice/clear', { headers: { Authorization: token } });
    expect(cleared.body).toEqual({ code: 200, msg: '清空消息成功', data: null });
    expect((await get('/notice/getList')).body.data).toEqual({ list: [], total: 0 });
    expect((await server.request('GET', '/notice/getList')).status).toBe(401);
  });

  it('serves the menu for the user and search suggestions', async () => {
    const routes = await get('/router/getList');
    const paths = routes.body.data.list.map((r: { path: string }) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/index', '/study', '/exams']));
    // the console's menu group is for training managers only
    expect(paths).not.toContain('/manage');
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const adminRoutes = await server.request('GET', '/router/getList', { headers: { Authorization: admin } });
    const manage = adminRoutes.body.data.list.find((r: { path: string }) => r.path === '/manage');
    expect(manage.children.map((c: { path: string }) => c.path)).toEqual([
      '/manage/dashboard',
      '/manage/people',
      '/manage/classes',
      '/manage/courses',
      '/manage/questions',
      '/manage/enquiries',
      '/manage/notices',
      '/manage/reports',
      '/manage/face-review',
      '/manage/certificates',
      '/manage/settings',
      '/manage/audit',
    ]);
    const search = await get(`/search/getList?searchWord=${encodeURIComponent('学习')}`);
    expect(search.body.data.list).toContainEqual({ value: '我的学习', url: '/#/study' });
    expect((await get('/search/getList?searchWord=zzz')).body.data.list).toEqual([]);
    const course = await get(`/search/getList?searchWord=${encodeURIComponent('消防')}`);
    expect(course.body.data.list).toContainEqual(
      expect.objectContaining({ value: '消防安全基础', url: expect.stringMatching(/^\/#\/course\?id=/) }),
    );
  });
});

describe('organisation codes looked up from one address', () => {
  it('answer typos, and stop a walk through every code before it lists the organisations', async () => {
    const server = await startServer({});
    try {
      const lookUp = (code: string) => server.request('GET', `/api/base/baseorg/select-code/${code}`);
      // a found code costs nothing: a classroom opening its login page many times over
      for (let i = 0; i < 80; i += 1) expect((await lookUp(DEMO_ORG.code)).status).toBe(200);
      // the walk by 单位查询, and by a public page that takes OrgCode (the catalogue): one budget
      for (let code = 10000; code < 10030; code += 1) expect((await lookUp(String(code))).status).toBe(404);
      const catalogue = (code: string) => server.request('GET', `/api/course/book/select-page?OrgCode=${code}`);
      for (let code = 10030; code < 10060; code += 1) expect((await catalogue(String(code))).status).toBe(404);
      for (const walked of [await lookUp('10060'), await catalogue('10061')]) {
        expect(walked.status).toBe(429);
        expect(walked.body.code).toBe(ErrorCode.RATE_LIMITED);
        expect(walked.body.msg).toBe('查询过于频繁，请稍后再试');
      }
      // a code that names one still answers: a classroom behind the walker's address signs in
      expect((await lookUp(DEMO_ORG.code)).status).toBe(200);
      expect((await catalogue(DEMO_ORG.code)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
