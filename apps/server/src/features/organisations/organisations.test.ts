import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../seed/demo-accounts.js';
import { dialects, login, startServer, type TestServer } from '../../../test/harness.js';
import { facePhotos } from '../../../test/face-photos.js';

/**
 * 单位管理: the platform operator creates an organisation with its first training manager,
 * who logs in and finds an empty console of his own; names, footer and logo are the
 * operator's to change; no one else sees other organisations.
 */
describe.each(dialects)('organisations on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let operator: string;
  const as = (token = operator) => ({ Authorization: token });
  const create = (json: unknown) => server.request('POST', '/api/manage/organisations', { json, headers: as() });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    operator = (await login(server, DEMO_OPERATOR.account, DEMO_OPERATOR.password)).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('creates an organisation and its first admin, who logs in to a console of his own', async () => {
    const res = await create({
      code: '20001',
      name: '某化工有限公司',
      footerPhone: '0571-12345678',
      admin: { name: '王经理', account: 'chem-admin', phone: '13600000001' },
    });
    expect(res.status, res.text).toBe(200);
    const { organisation, account, password } = res.body.data;
    expect(organisation).toMatchObject({
      code: '20001',
      name: '某化工有限公司',
      footerPhone: '0571-12345678',
      registrationMode: 'approval',
      admins: [{ name: '王经理', account: 'chem-admin' }],
      learnerCount: 0,
    });
    expect(account).toBe('chem-admin');
    expect(password).toMatch(/^[a-z2-9]{10}$/);

    const admin = (await login(server, 'chem-admin', password)).body.data.credentials.accessToken;
    const learners = await server.request('GET', '/api/manage/learners', { headers: as(admin) });
    expect(learners.body.data.total).toBe(0);
    // a registration waits for its manager until he opens registration himself: a stranger who
    // knows the code (it is in the login address) and any ID number cannot walk in (what approval
    // does: registrations.test)
    const registration = await server.request('GET', '/api/manage/registrations/settings', { headers: as(admin) });
    expect(registration.body.data).toMatchObject({ mode: 'approval', pendingCount: 0 });
    // the header shows its name before login
    const publicOrg = await server.request('GET', '/api/base/baseorg/select-code/20001');
    expect(publicOrg.body.data).toMatchObject({ baseOrgName: '某化工有限公司', orgCode: '20001' });
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('target_id', '=', organisation.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['organisation.create']);
    expect(audit[0]!.summary).not.toContain(password);
    // filed under the new organisation: its manager sees it, the operator's own organisation does not
    const theirs = await server.request('GET', '/api/manage/audit?action=organisation.', { headers: as(admin) });
    expect(theirs.body.data.records.map((r: { action: string }) => r.action)).toContain('organisation.create');
    const demoAdmin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const ours = await server.request('GET', '/api/manage/audit?action=organisation.', { headers: as(demoAdmin) });
    expect(ours.status).toBe(200);
    expect(ours.body.data.records).toEqual([]);
  });

  it('refuses a taken code or account and a bad one with clear messages, writing nothing', async () => {
    const taken = await create({ code: '20001', name: '重复', admin: { name: '李四', account: 'dup-admin' } });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该单位编码已被使用');
    // a code in another case is the same code: refused, and found as typed in any case
    const mixed = await create({ code: 'Build-X', name: '建工X', admin: { name: '王五', account: 'buildx-admin' } });
    expect(mixed.status, mixed.text).toBe(200);
    const lookAlike = await create({ code: 'BUILD-x', name: '仿冒', admin: { name: '赵六', account: 'fake-admin' } });
    expect(lookAlike.status).toBe(409);
    expect(lookAlike.body.msg).toBe('该单位编码已被使用');
    const typed = await server.request('GET', '/api/base/baseorg/select-code/build-x');
    expect(typed.body.data).toMatchObject({ baseOrgName: '建工X' });
    // and the database holds one too (two 开通单位 at once both found the code free)
    await expect(
      server.ctx.db
        .insertInto('organisations')
        .values({ id: crypto.randomUUID(), code: 'build-X', name: '并发', logo_file_id: null, created_at: Date.now() })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    // the operator's list finds it by the code in another case
    const listed = await server.request('GET', '/api/manage/organisations?q=BUILD-X', { headers: as() });
    expect(listed.body.data.records.map((o: { name: string }) => o.name)).toEqual(['建工X']);
    const takenAccount = await create({ code: '20002', name: '新单位', admin: { name: '李四', account: 'admin' } });
    expect(takenAccount.status).toBe(409);
    expect(takenAccount.body.msg).toBe('该账号已被使用');
    expect(
      (await server.ctx.db.selectFrom('organisations').select('id').where('code', '=', '20002').execute()).length,
    ).toBe(0);
    const badCode = await create({ code: '中文', name: '新单位', admin: { name: '李四', account: 'li-si' } });
    expect(badCode.status).toBe(400);
    expect(badCode.body.msg).toContain('单位编码只能是2–32位字母、数字、下划线或减号');
  });

  it('edits the name and footer, adds a second admin, and sets the logo', async () => {
    const list = await server.request('GET', '/api/manage/organisations?q=20001', { headers: as() });
    const org = list.body.data.records[0];
    const edited = await server.request('PUT', `/api/manage/organisations/${org.id}`, {
      json: { name: '某化工集团', footerAddress: '杭州市某路1号' },
      headers: as(),
    });
    expect(edited.body.data).toMatchObject({ name: '某化工集团', footerAddress: '杭州市某路1号', code: '20001' });
    const second = await server.request('POST', `/api/manage/organisations/${org.id}/admins`, {
      json: { name: '赵主管', account: 'chem-admin2', password: 'second1234' },
      headers: as(),
    });
    expect(second.body.data.password).toBeNull();
    expect(second.body.data.organisation.admins.map((a: { account: string }) => a.account)).toEqual([
      'chem-admin',
      'chem-admin2',
    ]);
    expect((await login(server, 'chem-admin2', 'second1234')).status).toBe(200);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(facePhotos.hopper())]), 'logo.jpg');
    const logo = await server.request('POST', `/api/file/upload?otcType=LogoFiles&otcId=${org.id}`, {
      body: form,
      headers: as(),
    });
    expect(logo.status, logo.text).toBe(200);
    const after = await server.request('GET', '/api/manage/organisations?q=20001', { headers: as() });
    expect(after.body.data.records[0].logoUrl).toEqual(expect.any(String));
    // the new logo is recorded where the organisation's manager reads it, and in the platform's log
    const admin = (await login(server, 'chem-admin2', 'second1234')).body.data.credentials.accessToken;
    for (const reader of [admin, operator]) {
      const log = await server.request('GET', '/api/manage/audit?action=organisation.logo', { headers: as(reader) });
      expect(log.body.data.records).toEqual([
        expect.objectContaining({ targetId: org.id, summary: { after: { fileName: 'logo.jpg' } } }),
      ]);
    }
  });

  it("keeps an organisation's admin to his own organisation", async () => {
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    expect((await server.request('GET', '/api/manage/organisations', { headers: as(admin) })).status).toBe(403);
    const org = (await server.request('GET', '/api/manage/organisations?q=20001', { headers: as() })).body.data
      .records[0];
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(facePhotos.hopper())]), 'logo.jpg');
    const foreignLogo = await server.request('POST', `/api/file/upload?otcType=LogoFiles&otcId=${org.id}`, {
      body: form,
      headers: as(admin),
    });
    expect(foreignLogo.status).toBe(404);
    const menu = await server.request('GET', '/router/getList', { headers: as(admin) });
    expect(JSON.stringify(menu.body.data)).not.toContain('/manage/organisations');
    const operatorMenu = await server.request('GET', '/router/getList', { headers: as() });
    const manage = operatorMenu.body.data.list.find((r: { path: string }) => r.path === '/manage');
    // organisations, the platform's shared course books with their question banks, and its 操作日志
    expect(manage.children.map((c: { path: string }) => c.path)).toEqual([
      '/manage/organisations',
      '/manage/courses',
      '/manage/questions',
      '/manage/audit',
    ]);
  });
});

/**
 * A training manager's account is the operator's to stop: nobody could disable a manager who
 * had left, unlock one locked by someone guessing at his account (anyone can, over and over),
 * or give him a new password — his organisation's console manages learners only.
 */
describe.each(dialects)("an organisation's training managers, run by the operator, on $name", ({ databaseUrl }) => {
  let server: TestServer;
  let operator: string;
  let orgId: string;
  let adminId: string;
  const as = (token = operator) => ({ Authorization: token });
  const act = (action: string, token = operator, org = orgId, admin = adminId) =>
    server.request('POST', `/api/manage/organisations/${org}/admins/${admin}/${action}`, { headers: as(token) });
  const statusOf = async () =>
    (await server.request('GET', '/api/manage/organisations?q=30001', { headers: as() })).body.data.records[0].admins[0]
      .status;

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    operator = (await login(server, DEMO_OPERATOR.account, DEMO_OPERATOR.password)).body.data.credentials.accessToken;
    const made = await server.request('POST', '/api/manage/organisations', {
      json: {
        code: '30001',
        name: '某建筑公司',
        admin: { name: '孙经理', account: 'build-admin', password: 'build1234' },
      },
      headers: as(),
    });
    orgId = made.body.data.organisation.id;
    adminId = made.body.data.organisation.admins[0].id;
  });
  afterAll(() => server.close());

  it('disables a manager (his session ends, his login is refused) and enables him again', async () => {
    const token = (await login(server, 'build-admin', 'build1234')).body.data.credentials.accessToken;
    expect((await server.request('GET', '/api/manage/learners', { headers: as(token) })).status).toBe(200);
    const disabled = await act('disable');
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.data.password).toBeNull();
    expect(await statusOf()).toBe('disabled');
    const signedOut = await server.request('GET', '/api/manage/learners', { headers: as(token) });
    expect(signedOut.status).toBe(401);
    // his open console says whom to ask as his next login does: not himself
    expect(signedOut.body.msg).toBe('账号已停用，请联系平台运营');
    const refused = await login(server, 'build-admin', 'build1234');
    expect(refused.status).toBe(403);
    // he is the training manager: it is the platform that stopped him
    expect(refused.body.msg).toBe('账号已停用，请联系平台运营');
    expect((await act('enable')).status).toBe(200);
    expect(await statusOf()).toBe('active');
    expect((await login(server, 'build-admin', 'build1234')).status).toBe(200);
  });

  it('unlocks a locked manager, and gives a new password shown once that ends his sessions', async () => {
    await server.ctx.db
      .updateTable('persons')
      .set({ locked_until: Date.now() + 15 * 60_000, failed_logins: 5 })
      .where('id', '=', adminId)
      .execute();
    expect(await statusOf()).toBe('locked');
    expect((await login(server, 'build-admin', 'build1234')).status).not.toBe(200);
    expect((await act('unlock')).status).toBe(200);
    expect(await statusOf()).toBe('active');
    const token = (await login(server, 'build-admin', 'build1234')).body.data.credentials.accessToken;
    // he forgets his password and tries it at his desk until he is told to wait
    for (let i = 0; i < 5; i++) await login(server, 'build-admin', `forgot-${i}`);
    expect((await login(server, 'build-admin', 'build1234')).status).toBe(429);

    const reset = await act('reset-password');
    expect(reset.status).toBe(200);
    const password = reset.body.data.password as string;
    expect(password).toMatch(/^[a-z2-9]{10}$/);
    expect(reset.body.data.account).toBe('build-admin');
    expect((await server.request('GET', '/api/manage/learners', { headers: as(token) })).status).toBe(401);
    expect((await login(server, 'build-admin', 'build1234')).status).not.toBe(200);
    // the new password lets him in at that same desk at once
    expect((await login(server, 'build-admin', password)).status).toBe(200);

    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'summary', 'org_id'])
      .where('target_id', '=', adminId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        'organisation.admin-disable',
        'organisation.admin-enable',
        'organisation.admin-unlock',
        'organisation.admin-reset-password',
      ].sort(),
    );
    expect(audit.every((a) => a.org_id === orgId)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it("is the operator's alone, and only for the organisation's own managers", async () => {
    const demoAdmin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    expect((await act('disable', demoAdmin)).status).toBe(403);
    // the demo organisation's manager through this organisation's path
    const demoAdminId = (
      await server.ctx.db
        .selectFrom('persons')
        .select('id')
        .where('account', '=', DEMO_ADMIN.account)
        .executeTakeFirstOrThrow()
    ).id;
    const wrongOrg = await act('disable', operator, orgId, demoAdminId);
    expect(wrongOrg.status).toBe(404);
    expect(wrongOrg.body.msg).toBe('培训管理员不存在');
    // a learner is not a manager
    const learnerId = await server.ctx.db
      .selectFrom('persons')
      .select(['id', 'org_id'])
      .where('role', '=', 'learner')
      .executeTakeFirstOrThrow();
    expect((await act('reset-password', operator, learnerId.org_id, learnerId.id)).status).toBe(404);
    expect((await act('promote')).status).toBe(400);
    expect((await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).status).toBe(200);
  });
});

/**
 * An organisation whose contract ended is stopped by the operator: its people's sessions end,
 * their logins and renewals are refused, nobody registers into it; let in again, they log in.
 */
describe.each(dialects)('an organisation stopped by the operator, on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let operator: string;
  const as = (token = operator) => ({ Authorization: token });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    operator = (await login(server, DEMO_OPERATOR.account, DEMO_OPERATOR.password)).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('ends its sessions, refuses its logins and registrations, and lets them in again', async () => {
    const made = await server.request('POST', '/api/manage/organisations', {
      json: {
        code: '40001',
        name: '某矿业公司',
        admin: { name: '周经理', account: 'mine-admin', password: 'mine1234' },
      },
      headers: as(),
    });
    const orgId = made.body.data.organisation.id as string;
    const signedIn = (await login(server, 'mine-admin', 'mine1234')).body.data.credentials;
    const demoAdmin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    expect(
      (await server.request('POST', `/api/manage/organisations/${orgId}/disable`, { headers: as(demoAdmin) })).status,
    ).toBe(403);

    const stopped = await server.request('POST', `/api/manage/organisations/${orgId}/disable`, { headers: as() });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body.data.disabled).toBe(true);
    expect((await server.request('GET', '/api/manage/learners', { headers: as(signedIn.accessToken) })).status).toBe(
      401,
    );
    const renewal = await server.request('POST', '/api/refresh-token', {
      json: { refreshToken: signedIn.refreshToken },
    });
    expect(renewal.status).toBeGreaterThanOrEqual(400);
    const refused = await login(server, 'mine-admin', 'mine1234');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('所在单位已停用，请联系单位的培训管理员');
    // a wrong password tells a stranger nothing of it
    expect((await login(server, 'mine-admin', 'wrong-pass')).body.msg).not.toContain('停用');
    // nobody registers into it
    const registered = await server.request('POST', '/api/register', {
      json: {
        orgCode: '40001',
        name: '吴矿工',
        idCard: '11010519491231002X',
        phone: '13912345679',
        checkCode: '123456',
        password: 'secret12',
      },
    });
    expect(registered.status).toBe(403);
    expect(registered.body.msg).toBe('所在单位已停用，请联系单位的培训管理员');
    // other organisations go on
    expect((await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).status).toBe(200);
    // the platform's own organisation is not stopped
    const own = (
      await server.ctx.db.selectFrom('persons').select('org_id').where('role', '=', 'super').executeTakeFirstOrThrow()
    ).org_id;
    expect((await server.request('POST', `/api/manage/organisations/${own}/disable`, { headers: as() })).status).toBe(
      409,
    );

    const back = await server.request('POST', `/api/manage/organisations/${orgId}/enable`, { headers: as() });
    expect(back.body.data.disabled).toBe(false);
    expect((await login(server, 'mine-admin', 'mine1234')).status).toBe(200);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', orgId)
      .where('action', 'in', ['organisation.disable', 'organisation.enable'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['organisation.disable', 'organisation.enable']);
  });
});
