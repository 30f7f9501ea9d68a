import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

/**
 * 通知公告: a manager publishes for the organisation or one class; each learner sees those
 * meant for him in the header's notice list, clears them for himself only; withdrawn and
 * other organisations' announcements are never shown.
 */
describe.each(dialects)('announcements on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let learner: string;
  let outsider: string;
  let otherAdmin: string;
  let classId: string;
  const as = (token: string) => ({ Authorization: token });
  const noticesOf = async (token: string) => {
    const res = await server.request('GET', '/notice/getList', { headers: as(token) });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { list: Array<{ id: string; title: string; notice: string }>; total: number };
  };
  const publish = (json: Record<string, unknown>, token = admin) =>
    server.request('POST', '/api/manage/notices', { json, headers: as(token) });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    learner = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    // same organisation, in no class
    await addLearner(server, { account: 'no-class', password: 'noclass1234' });
    outsider = (await login(server, 'no-class', 'noclass1234')).body.data.credentials.accessToken;
    await addOrganisation(server, '10007', '另一家单位');
    await addLearner(server, { account: 'other-admin7', password: 'other1234', role: 'admin', orgCode: '10007' });
    otherAdmin = (await login(server, 'other-admin7', 'other1234')).body.data.credentials.accessToken;
    // the demo learner's own welcome message out of the way: this test is about announcements
    await server.request('POST', '/notice/clear', { headers: as(learner) });
    classId = (await server.ctx.db.selectFrom('train_classes').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  it('shows an organisation announcement to everyone in it and a class one to its members only', async () => {
    const all = await publish({ title: '年度安全培训安排', content: '请于12月底前完成学习。\n逾期不计学时。' });
    expect(all.status, all.text).toBe(200);
    expect(all.body.data).toMatchObject({ classId: null, className: null, status: 'published' });
    const cls = await publish({ title: '班级考试提醒', content: '本周五开放考试', classId });
    expect(cls.body.data).toMatchObject({ classId, status: 'published' });
    expect(cls.body.data.className).toBeTruthy();

    const mine = await noticesOf(learner);
    expect(mine.list.map((n) => n.title)).toEqual(['班级考试提醒', '年度安全培训安排']);
    expect(mine.list[1]?.notice).toBe('请于12月底前完成学习。\n逾期不计学时。');
    expect(mine.total).toBe(2);
    const theirs = await noticesOf(outsider);
    expect(theirs.list.map((n) => n.title)).toEqual(['年度安全培训安排']);

    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', all.body.data.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['notice.create']);
  });

  it('edits and withdraws: learners see the new text, then nothing', async () => {
    const id = (await publish({ title: '消防演练', content: '周三下午' })).body.data.id;
    const edited = await server.request('PUT', `/api/manage/notices/${id}`, {
      json: { content: '改到周四下午' },
      headers: as(admin),
    });
    expect(edited.body.data).toMatchObject({ title: '消防演练', content: '改到周四下午' });
    expect((await noticesOf(outsider)).list.find((n) => n.id === id)?.notice).toBe('改到周四下午');

    const withdrawn = await server.request('POST', `/api/manage/notices/${id}/withdraw`, { headers: as(admin) });
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect((await noticesOf(outsider)).list.find((n) => n.id === id)).toBeUndefined();
    const list = await server.request('GET', '/api/manage/notices?status=withdrawn', { headers: as(admin) });
    expect(list.body.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
    await server.request('POST', `/api/manage/notices/${id}/republish`, { headers: as(admin) });
    expect((await noticesOf(outsider)).list.find((n) => n.id === id)).toBeDefined();
  });

  it("clears a learner's list for him alone, and a new announcement shows again", async () => {
    const cleared = await server.request('POST', '/notice/clear', { headers: as(learner) });
    expect(cleared.body.msg).toBe('清空消息成功');
    expect(await noticesOf(learner)).toEqual({ list: [], total: 0 });
    expect((await noticesOf(outsider)).total).toBeGreaterThan(0);
    await publish({ title: '新通知', content: '清空之后发布' });
    expect((await noticesOf(learner)).list.map((n) => n.title)).toEqual(['新通知']);
  });

  it('refuses bad input with its message and keeps to the organisation', async () => {
    const empty = await publish({ title: '  ', content: '内容' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('请输入标题');
    const long = await publish({ title: '长', content: 'x'.repeat(2001) });
    expect(long.body.msg).toContain('内容不能超过2000字');
    const foreignClass = await publish({ title: '别家', content: '别家班级' }, otherAdmin);
    expect(foreignClass.status).toBe(200);
    const aimed = await publish({ title: '别家', content: '指向别家班级', classId }, otherAdmin);
    expect(aimed.status).toBe(404);

    const id = (await publish({ title: '本单位', content: '仅本单位' })).body.data.id;
    for (const [method, path] of [
      ['PUT', `/api/manage/notices/${id}`],
      ['POST', `/api/manage/notices/${id}/withdraw`],
    ] as const) {
      const res = await server.request(method, path, {
        json: method === 'PUT' ? { title: 'x' } : undefined,
        headers: as(otherAdmin),
      });
      expect(res.status, path).toBe(404);
    }
    const theirs = await server.request('GET', '/api/manage/notices', { headers: as(otherAdmin) });
    expect(theirs.body.data.records.map((r: { title: string }) => r.title)).toEqual(['别家']);
    // the other organisation's announcement never reaches this one's learners
    expect((await noticesOf(outsider)).list.map((n) => n.title)).not.toContain('别家');
  });
});
