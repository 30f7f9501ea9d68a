import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { dialects, login, startServer, type TestServer } from '../../../test/harness.js';

describe.each(dialects)('course books on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('lists, searches and ranks the catalogue, for guests too', async () => {
    const all = await server.request('GET', '/api/course/book/select-page');
    expect(all.body.data.total).toBe(2);
    const hot = await server.request('GET', '/api/course/book/select-thermal-page?size=1', {
      headers: { Authorization: token },
    });
    expect(hot.body.data.records).toHaveLength(1);
    expect(hot.body.data.records[0]).toMatchObject({ name: '消防安全基础', unitCount: 3 });
    const search = await server.request('GET', `/api/course/book/select-page?name=${encodeURIComponent('化学')}`);
    expect(search.body.data.records.map((b: { name: string }) => b.name)).toEqual(['危险化学品安全']);
    const wild = await server.request('GET', '/api/course/book/select-page?name=%25');
    expect(wild.body.data.total).toBe(2);
    const unknownOrg = await server.request('GET', '/api/course/book/select-page?OrgCode=nope');
    expect(unknownOrg.status).toBe(404);
  });

  it('gives a course with its teachers, learner count and units', async () => {
    const list = await server.request('GET', '/api/course/book/select-page');
    const id: string = list.body.data.records.find((b: { name: string }) => b.name === '消防安全基础').courseBookId;
    const info = await server.request('GET', `/api/course/book/find-course-info/${id}`);
    expect(info.body.data).toMatchObject({ teachers: ['王消防'], learnerCount: 5, unitCount: 3 });
    const units = await server.request('GET', `/api/course/couwarp/select-warp-use-List?courseBookId=${id}`);
    expect(units.body.data.map((u: { title: string }) => u.title)).toEqual([
      '火灾的危害与成因',
      '灭火器的正确使用',
      '火场疏散与逃生',
    ]);
    expect(JSON.stringify(units.body.data)).not.toContain('/api/vod/');
    expect((await server.request('GET', '/api/course/book/select/nope')).status).toBe(404);
  });

  it('gives an administrator a play URL for any unit of the catalogue, and a learner none', async () => {
    const list = await server.request('GET', '/api/course/book/select-page');
    const bookId: string = list.body.data.records[0].courseBookId;
    const units = await server.request('GET', `/api/course/couwarp/select-warp-use-List?courseBookId=${bookId}`);
    const warpId: string = units.body.data[0].courseWarpId;
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const res = await server.request('GET', `/api/course/couwarp/play-url/${warpId}`, {
      headers: { Authorization: admin },
    });
    expect(res.body.data.playUrl).toMatch(/^\/api\/vod\/.+sig=/);
    const video = await fetch(server.baseUrl + res.body.data.playUrl, { headers: { Range: 'bytes=0-9' } });
    expect(video.status).toBe(206);
    const learner = await server.request('GET', `/api/course/couwarp/play-url/${warpId}`, {
      headers: { Authorization: token },
    });
    expect(learner.status).toBe(403);
  });
});
