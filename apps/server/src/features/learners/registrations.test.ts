import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import { purgeRejections } from '../../core/registration-rejection.repository.js';
import {
  addLearner,
  addOrganisation,
  dialects,
  lastSmsCode,
  login,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

/**
 * 注册审核: with approval on, a new registration cannot log in until a manager approved it;
 * a rejected one is gone and its phone may register again. Open registration logs in at once.
 */
describe.each(dialects)('registration approval on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let otherAdmin: string;
  let clock = Date.now();
  const as = (token = admin) => ({ Authorization: token });

  async function register(phone: string, idCard: string, name: string) {
    clock += 61_000; // past the resend interval of the phone's previous code
    await server.request('GET', `/api/train/person/send-check-code/${phone}?purpose=register`);
    const checkCode = await lastSmsCode(server, phone);
    return server.request('POST', '/api/register', {
      json: { orgCode: '00000', name, idCard, phone, checkCode, password: 'secret12' },
    });
  }
  const pendingList = async (token = admin) =>
    (await server.request('GET', '/api/manage/learners?status=pending', { headers: as(token) })).body.data as {
      records: Array<{ id: string; name: string; status: string }>;
      total: number;
    };

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      now: () => clock,
      // the per-phone counter keeps wall time; the test's clock moves past the resend wait
      configure: (c) => {
        c.rateLimits.checkCodePerPhone = { points: 10, durationSeconds: 60 };
      },
    });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10008', '另一家单位');
    await addLearner(server, { account: 'other-admin8', password: 'other1234', role: 'admin', orgCode: '10008' });
    otherAdmin = (await login(server, 'other-admin8', 'other1234')).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('lets a registered learner in at once while registration is open (the default)', async () => {
    const settings = await server.request('GET', '/api/manage/registrations/settings', { headers: as() });
    expect(settings.body.data).toEqual({ mode: 'open', pendingCount: 0 });
    const res = await register('13911110001', '11010519491231002X', '王开放');
    expect(res.body.data).toMatchObject({ pending: false });
    expect((await login(server, '13911110001', 'secret12')).status).toBe(200);
  });

  it('holds a registration until approved, and audits the decision', async () => {
    const set = await server.request('PUT', '/api/manage/registrations/settings', {
      json: { mode: 'approval' },
      headers: as(),
    });
    expect(set.body.data).toEqual({ mode: 'approval', pendingCount: 0 });
    const res = await register('13911110002', '110105199001010010', '赵待审');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.pending).toBe(true);

    const refused = await login(server, '13911110002', 'secret12');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('注册信息正在等待培训管理员审核，审核通过后即可登录');
    // a wrong password says nothing about the waiting registration
    expect((await login(server, '13911110002', 'wrong-pass')).body.msg).not.toContain('审核');

    const waiting = await pendingList();
    expect(waiting.records).toEqual([expect.objectContaining({ name: '赵待审', status: 'pending' })]);
    expect(
      (await server.request('GET', '/api/manage/registrations/settings', { headers: as() })).body.data.pendingCount,
    ).toBe(1);
    // not enrollable while waiting
    const id = waiting.records[0]!.id;
    const classId = (await server.ctx.db.selectFrom('train_classes').select('id').executeTakeFirstOrThrow()).id;
    const enrol = await server.request('POST', `/api/manage/classes/${classId}/enrol`, {
      json: { personIds: [id] },
      headers: as(),
    });
    expect(enrol.status).toBe(404);
    const approved = await server.request('POST', `/api/manage/registrations/${id}/approve`, { headers: as() });
    expect(approved.body.data).toMatchObject({ id, status: 'active' });
    expect((await login(server, '13911110002', 'secret12')).status).toBe(200);
    const twice = await server.request('POST', `/api/manage/registrations/${id}/approve`, { headers: as() });
    expect(twice.status).toBe(409);
    const audit = await server.ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['registration.approve']);
  });

  it('rejects: the registration is gone, its login is told so, and the phone may register again', async () => {
    const first = await register('13911110003', '110105198506150030', '钱驳回');
    expect(first.body.data?.pending, first.text).toBe(true);
    const id = (await pendingList()).records[0]!.id;
    // another organisation's manager cannot decide it
    const foreign = await server.request('POST', `/api/manage/registrations/${id}/reject`, { headers: as(otherAdmin) });
    expect(foreign.status).toBe(404);
    expect((await pendingList(otherAdmin)).total).toBe(0);

    const rejected = await server.request('POST', `/api/manage/registrations/${id}/reject`, { headers: as() });
    expect(rejected.status, rejected.text).toBe(200);
    expect((await pendingList()).total).toBe(0);
    // his login is told the registration was not approved — by phone or ID number, with his password
    for (const name of ['13911110003', '110105198506150030']) {
      const told = await login(server, name, 'secret12');
      expect(told.status).toBe(403);
      expect(told.body.msg).toBe('您的注册未通过培训管理员审核，请联系培训管理员，或重新注册');
    }
    // and by phone and check code: the code proves the phone
    clock += 61_000;
    await server.request('GET', '/api/train/person/send-check-code/13911110003');
    const byCode = await server.request('POST', '/api/login', {
      json: { telPhoto: '13911110003', checkCode: await lastSmsCode(server, '13911110003'), client: 'pc' },
    });
    expect(byCode.body.msg).toBe('您的注册未通过培训管理员审核，请联系培训管理员，或重新注册');
    // a wrong password learns nothing
    const wrong = await login(server, '13911110003', 'wrong999');
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toBe('用户名或密码错误');
    const again = await register('13911110003', '110105198506150030', '钱驳回');
    expect(again.body.data?.pending, again.text).toBe(true);
    // registered again: waiting again, not rejected
    expect((await login(server, '13911110003', 'secret12')).body.msg).toContain('等待培训管理员审核');
  });

  it('refuses a mode it does not know and never decides an active learner', async () => {
    const bad = await server.request('PUT', '/api/manage/registrations/settings', {
      json: { mode: 'closed' },
      headers: as(),
    });
    expect(bad.status).toBe(400);
    const active = (await server.request('GET', '/api/manage/learners?status=active', { headers: as() })).body.data
      .records[0].id;
    const res = await server.request('POST', `/api/manage/registrations/${active}/reject`, { headers: as() });
    expect(res.status).toBe(409);
  });
  it('forgets a rejection after 30 days: the login says what it says to anyone, and the row and its hash go', async () => {
    const first = await register('13911110009', '110105198506150049', '孙驳回');
    expect(first.body.data?.pending, first.text).toBe(true);
    const id = (await pendingList()).records.find((r) => r.name === '孙驳回')!.id;
    expect((await server.request('POST', `/api/manage/registrations/${id}/reject`, { headers: as() })).status).toBe(
      200,
    );
    expect((await login(server, '13911110009', 'secret12')).status).toBe(403);
    clock += 31 * 86_400_000;
    expect((await login(server, '13911110009', 'secret12')).body.msg).toBe('用户名或密码错误');
    await purgeRejections(server.ctx.db, clock);
    const left = await server.ctx.db
      .selectFrom('registration_rejections')
      .select('id')
      .where('phone', '=', '13911110009')
      .execute();
    expect(left).toHaveLength(0);
  });
});
