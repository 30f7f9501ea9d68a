import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

interface Dept {
  id: string;
  parentId: string | null;
  name: string;
  memberCount: number;
}

/** 部门: a training manager builds his organisation's tree; another organisation's is out of reach. */
describe.each(dialects)('departments on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let otherAdmin: string;
  const as = (token: string) => ({ Authorization: token });
  const create = (body: Record<string, unknown>, token = admin) =>
    server.request('POST', '/api/manage/departments', { json: body, headers: as(token) });
  const list = async (token = admin): Promise<Dept[]> =>
    (await server.request('GET', '/api/manage/departments', { headers: as(token) })).body.data;
  const audit = (action: string) =>
    server.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10001', '另一家单位');
    await addLearner(server, { account: 'other-admin', password: 'other1234', role: 'admin', orgCode: '10001' });
    otherAdmin = (await login(server, 'other-admin', 'other1234')).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('adds roots and sub-departments, lists them flat with their parents, and audits each write', async () => {
    const plant = await create({ name: '生产部' });
    expect(plant.body.data).toMatchObject({ name: '生产部', parentId: null, memberCount: 0 });
    const workshop = await create({ name: '一车间', parentId: plant.body.data.id });
    expect(workshop.body.data).toMatchObject({ name: '一车间', parentId: plant.body.data.id });
    expect((await list()).map((d) => d.name)).toEqual(expect.arrayContaining(['生产部', '一车间']));
    // listed in the order they were made, not by character code (一, 三, 二)
    for (const name of ['二车间', '三车间']) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await create({ name, parentId: plant.body.data.id });
    }
    const workshops = (await list()).filter((d) => d.parentId === plant.body.data.id).map((d) => d.name);
    expect(workshops).toEqual(['一车间', '二车间', '三车间']);

    const [record] = await audit('department.create');
    expect(record).toMatchObject({ target_type: 'department', ip: '127.0.0.1' });
    expect(JSON.parse(record!.summary)).toMatchObject({ after: { name: expect.any(String) } });
  });

  it('refuses bad names and a second department of the same name under one parent, with clear messages', async () => {
    expect((await create({ name: '  ' })).body).toMatchObject({ code: ErrorCode.BAD_REQUEST });
    expect((await create({ name: '' })).body.msg).toContain('请输入部门名称');
    expect((await create({ name: '生产/安全' })).body.msg).toContain('不能包含');
    expect((await create({ name: 'x'.repeat(51) })).status).toBe(400);
    // half a character (stored, it became three U+FFFD), a direction override, a zero-width space
    expect((await create({ name: '部门\ud800' })).body.msg).toContain('包含无法识别的字符');
    expect((await create({ name: '\u202e门部产生' })).body.msg).toContain('不能包含不可见的格式字符');
    expect((await create({ name: '生产\u200b部' })).body.msg).toContain('不能包含不可见的格式字符');
    const again = await create({ name: '生产部' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('同一上级部门下已有同名部门');
    // the same name elsewhere in the tree is fine
    const plant = (await list()).find((d) => d.name === '生产部')!;
    expect((await create({ name: '安全组', parentId: plant.id })).status).toBe(200);
    expect((await create({ name: '安全组' })).status).toBe(200);
  });

  it('renames and moves, but never under itself or its own sub-department', async () => {
    const depts = await list();
    const plant = depts.find((d) => d.name === '生产部')!;
    const workshop = depts.find((d) => d.name === '一车间')!;
    const renamed = await server.request('PUT', `/api/manage/departments/${workshop.id}`, {
      json: { name: '第一车间' },
      headers: as(admin),
    });
    expect(renamed.body.data).toMatchObject({ name: '第一车间', parentId: plant.id });
    const cycle = await server.request('PUT', `/api/manage/departments/${plant.id}`, {
      json: { parentId: workshop.id },
      headers: as(admin),
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toContain('不能把部门移到它自己');
    const self = await server.request('PUT', `/api/manage/departments/${plant.id}`, {
      json: { parentId: plant.id },
      headers: as(admin),
    });
    expect(self.status).toBe(400);
    const root = await server.request('PUT', `/api/manage/departments/${workshop.id}`, {
      json: { parentId: null },
      headers: as(admin),
    });
    expect(root.body.data.parentId).toBeNull();
    const [update] = await audit('department.update');
    expect(JSON.parse(update!.summary)).toMatchObject({ before: { name: '一车间' }, after: { name: '第一车间' } });
    const empty = await server.request('PUT', `/api/manage/departments/${workshop.id}`, {
      json: {},
      headers: as(admin),
    });
    expect(empty.status).toBe(400);
  });

  it('deletes only an empty department', async () => {
    const depts = await list();
    const plant = depts.find((d) => d.name === '生产部')!;
    // someone in it
    const learner = await server.ctx.db
      .selectFrom('persons')
      .select('id')
      .where('account', '=', DEMO_LEARNER.account)
      .executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('persons').set({ department_id: plant.id }).where('id', '=', learner.id).execute();
    expect((await list()).find((d) => d.id === plant.id)!.memberCount).toBe(1);
    const busy = await server.request('DELETE', `/api/manage/departments/${plant.id}`, { headers: as(admin) });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe('部门下还有子部门或学员，不能删除');

    const lone = (await create({ name: '临时组' })).body.data as Dept;
    const gone = await server.request('DELETE', `/api/manage/departments/${lone.id}`, { headers: as(admin) });
    expect(gone.status).toBe(200);
    expect((await list()).some((d) => d.id === lone.id)).toBe(false);
    expect(await audit('department.delete')).toHaveLength(1);
  });

  it('lists the writes in the audit log, filtered, and only to its own organisation', async () => {
    const all = await server.request('GET', '/api/manage/audit?size=100', { headers: as(admin) });
    expect(all.body.data.total).toBeGreaterThanOrEqual(6);
    expect(all.body.data.records[0]).toMatchObject({
      actorName: '培训管理员',
      targetType: 'department',
      ip: '127.0.0.1',
    });
    expect(all.body.data.records[0].at).toMatch(/\+08:00$/);
    const deletes = await server.request('GET', '/api/manage/audit?action=department.delete', { headers: as(admin) });
    expect(deletes.body.data.records.map((r: { action: string }) => r.action)).toEqual(['department.delete']);
    // 对象 names what a record was about while it exists; a department since deleted has no name
    expect(deletes.body.data.records[0].targetName).toBeNull();
    const named = all.body.data.records.filter(
      (r: { action: string; targetName: string | null }) => r.action === 'department.create' && r.targetName,
    );
    expect(named.map((r: { targetName: string }) => r.targetName)).toContain('生产部');
    // named as it was when the record was written, by its path then: 一车间 (under 生产部) was
    // renamed 第一车间 and moved to the top after it was made
    expect(named.map((r: { targetName: string }) => r.targetName)).toContain('生产部/一车间');
    // a summary's ids come with their names: 一车间's parent reads 生产部, not an id
    const child = named.find(
      (r: { summary: { after?: { parentId?: string } } }) => typeof r.summary.after?.parentId === 'string',
    );
    expect(child.summaryNames[child.summary.after.parentId]).toBe('生产部');
    const prefix = await server.request('GET', '/api/manage/audit?action=department.&size=100', { headers: as(admin) });
    expect(prefix.body.data.total).toBe(all.body.data.total);
    const future = await server.request('GET', '/api/manage/audit?from=2099-01-01', { headers: as(admin) });
    expect(future.body.data.total).toBe(0);
    expect((await server.request('GET', '/api/manage/audit', { headers: as(otherAdmin) })).body.data.total).toBe(0);
    // by its path: two 安全组 (one under 生产部, one on top) are told apart
    const nested = (await list()).find((d) => d.name === '安全组' && d.parentId !== null)!;
    expect((await create({ name: '甲班', parentId: nested.id })).status).toBe(200);
    const latest = await server.request('GET', '/api/manage/audit?action=department.create&size=1', {
      headers: as(admin),
    });
    const made = latest.body.data.records[0];
    expect(made.summaryNames[made.summary.after.parentId]).toBe('生产部/安全组');
  });

  it("keeps each organisation's tree to itself: another organisation's ids are not found", async () => {
    const mine = await list();
    expect(await list(otherAdmin)).toEqual([]);
    const target = mine[0]!;
    const rename = await server.request('PUT', `/api/manage/departments/${target.id}`, {
      json: { name: '被改名' },
      headers: as(otherAdmin),
    });
    expect(rename.status).toBe(404);
    expect(
      (await server.request('DELETE', `/api/manage/departments/${target.id}`, { headers: as(otherAdmin) })).status,
    ).toBe(404);
    expect((await create({ name: '借用上级', parentId: target.id }, otherAdmin)).status).toBe(404);
    // and nothing of the first organisation changed
    expect(await list()).toEqual(mine);
  });
});
