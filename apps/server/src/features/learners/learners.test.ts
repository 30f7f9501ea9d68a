import { ErrorCode } from '@anxun/shared/errors';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../core/db-errors.js';
import { recordTime } from '../../core/record-time.js';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

// valid ID numbers (checksums right), made for these tests
const ID_A = '11010519491231002X';
const ID_B = '11010119900307459X';
const ID_C = '440301199912310016';

/** 学员: a training manager adds, finds, edits, disables, unlocks and re-passwords his learners. */
describe.each(dialects)('learners in the console on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let otherAdmin: string;
  let plant: string;
  let workshop: string;
  const as = (token: string) => ({ Authorization: token });
  const post = (url: string, json: unknown = undefined, token = admin) =>
    server.request('POST', url, { ...(json === undefined ? {} : { json }), headers: as(token) });
  const page = async (query: string, token = admin) =>
    (await server.request('GET', `/api/manage/learners?${query}`, { headers: as(token) })).body.data;

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      // the account-wide ceiling met from one address, as guessers from many would meet it
      configure: (c) => {
        c.rateLimits.loginPerAccount = { points: 5, durationSeconds: 900 };
        c.rateLimits.loginFailuresPerAddress = { points: 100, durationSeconds: 900 };
      },
    });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10002', '另一家单位');
    await addLearner(server, { account: 'other-admin', password: 'other1234', role: 'admin', orgCode: '10002' });
    otherAdmin = (await login(server, 'other-admin', 'other1234')).body.data.credentials.accessToken;
    plant = (await post('/api/manage/departments', { name: '生产部' })).body.data.id;
    workshop = (await post('/api/manage/departments', { name: '一车间', parentId: plant })).body.data.id;
  });
  afterAll(() => server.close());

  it('adds a learner with a password made for him, shown once, that logs him in', async () => {
    const res = await post('/api/manage/learners', {
      name: '李焊工',
      idCard: ID_A,
      phone: '13900000101',
      departmentId: workshop,
      post: '焊工',
    });
    expect(res.status, res.text).toBe(200);
    const { learner, password } = res.body.data;
    expect(learner).toMatchObject({
      name: '李焊工',
      idCard: '110***********002X',
      phone: '13900000101',
      departmentName: '生产部/一车间',
      post: '焊工',
      status: 'active',
    });
    expect(res.text).not.toContain(ID_A);
    expect(password).toMatch(/^[a-z2-9]{10}$/);
    expect((await login(server, ID_A, password)).status).toBe(200);

    // the audit keeps who did what, never the password, the ID number only masked
    const record = await server.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'learner.create')
      .executeTakeFirstOrThrow();
    expect(record.target_id).toBe(learner.id);
    expect(record.summary).not.toContain(ID_A);
    expect(record.summary).not.toContain(password);
    expect(record.summary).toContain('110***********002X');
    expect(JSON.parse(record.summary).after).toMatchObject({ phone: '13900000101', name: '李焊工' });
  });

  it('takes a given password and gives none back; refuses bad and taken identities with clear messages', async () => {
    const given = await post('/api/manage/learners', {
      name: '王电工',
      idCard: ID_B,
      password: ' secret12 ', // pasted with spaces: the password is what login takes (trimmed)
      departmentId: plant,
    });
    expect(given.body.data?.password, given.text).toBeNull();
    expect((await login(server, ID_B, 'secret12')).status).toBe(200);

    const badId = await post('/api/manage/learners', { name: '赵某', idCard: '110101199001011231' });
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toBe('请输入正确的身份证号码');
    // a form's own rule is said as it is written, not after the field's name in the request
    const spaced = await post('/api/manage/learners', { name: '张 三', idCard: ID_C });
    expect(spaced.body.msg).toBe('姓名只能包含中文、字母或数字');
    // what only a broken client sends names the field
    const wrongType = await post('/api/manage/learners', { name: 5, idCard: ID_C });
    expect(wrongType.body.msg).toMatch(/^请求体name: 无效输入/);
    const takenId = await post('/api/manage/learners', { name: '赵某', idCard: ID_A });
    expect(takenId.status).toBe(409);
    expect(takenId.body.msg).toBe('该身份证号已有账号');
    const takenPhone = await post('/api/manage/learners', { name: '赵某', idCard: ID_C, phone: DEMO_LEARNER.phone });
    expect(takenPhone.body.msg).toBe('该手机号已被其他账号使用');
    const noDept = await post('/api/manage/learners', {
      name: '赵某',
      idCard: ID_C,
      departmentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noDept.status).toBe(404);
  });

  it("refuses an account shaped like a phone or an ID number, or another's account in other letters' case", async () => {
    // a login name is looked up as account, ID number and phone in every organisation: such an
    // account would take that phone's or that person's login, here or in another organisation
    for (const account of ['13712345678', ID_C, ID_C.slice(0, 15), '11010519491231002x']) {
      const shaped = await post('/api/manage/learners', { name: '赵某', idCard: ID_C, account }, otherAdmin);
      expect(shaped.status, account).toBe(400);
      expect(shaped.body.msg).toContain('账号不能是手机号或身份证号');
    }
    expect((await login(server, '13712345678', 'whatever1')).status).toBe(401);
    // "DEMO" beside the demo learner's "demo": a lookalike login in another organisation
    const twin = await post('/api/manage/learners', { name: '赵某', idCard: ID_C, account: 'DEMO' }, otherAdmin);
    expect(twin.status).toBe(409);
    expect(twin.body.msg).toBe('该账号名已被使用');
    const fine = await post('/api/manage/learners', { name: '赵某', idCard: ID_C, account: 'zhao.1990' }, otherAdmin);
    expect(fine.status, fine.text).toBe(200);
    // two requests at once both pass the service's look-up: the database refuses the second
    const raced = await server.ctx.db
      .updateTable('persons')
      .set({ account: 'DEMO' })
      .where('account', '=', 'zhao.1990')
      .execute()
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(raced)).toBe(true);
  });

  it('lists by department, with or without sub-departments, and finds by name, phone or ID number', async () => {
    expect((await page(`departmentId=${plant}`)).records.map((l: { name: string }) => l.name)).toEqual(['王电工']);
    const withSub = await page(`departmentId=${plant}&includeSub=1`);
    expect(withSub.records.map((l: { name: string }) => l.name).sort()).toEqual(['李焊工', '王电工'].sort());
    expect(withSub.total).toBe(2);
    expect((await page('q=焊')).records.map((l: { name: string }) => l.name)).toEqual(['李焊工']);
    expect((await page('q=13900000101')).total).toBe(1);
    expect((await page(`q=${ID_B}`)).records[0].name).toBe('王电工');
    // a part of a phone or an account finds it too, as a part of a name does
    expect((await page('q=00000101')).records.map((l: { name: string }) => l.name)).toEqual(['李焊工']);
    expect((await page('q=DEM')).records.map((l: { account: string }) => l.account)).toContain('demo');
    // a part of an ID number does not (it is sealed), and LIKE's own characters find nobody
    expect((await page(`q=${ID_B.slice(0, 10)}`)).total).toBe(0);
    for (const wild of ['%25', '_', '%25_']) expect((await page(`q=${wild}`)).total).toBe(0);
    // an account with an underscore is found as typed, and letters in any case, on either database
    const zhang = await post('/api/manage/learners', {
      name: 'ZhangSan',
      idCard: '110105194912310054',
      account: 'zhang_san',
    });
    expect(zhang.status, zhang.text).toBe(200);
    expect((await page('q=zhang_san')).records.map((l: { account: string }) => l.account)).toEqual(['zhang_san']);
    expect((await page('q=ZHANG_S')).total).toBe(1);
    expect((await page('q=zhangsan')).records.map((l: { name: string }) => l.name)).toEqual(['ZhangSan']);
    expect((await page('q=g_s')).total).toBe(1);
    expect((await page('q=zhang%25')).total).toBe(0);
    // everyone of the organisation, demo learners included, paged
    const first = await page('size=2');
    expect(first.records).toHaveLength(2);
    expect(first.total).toBeGreaterThan(2);
  });

  it('exports the list as .xlsx, ID numbers masked unless asked for whole, and audits each export', async () => {
    const read = async (query: string) => {
      const res = await fetch(`${server.baseUrl}/api/manage/learners/export?${query}`, { headers: as(admin) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const rows: string[][] = [];
      workbook.worksheets[0]!.eachRow((row) =>
        rows.push(
          (row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? `date ${v.toISOString()}` : String(v))),
        ),
      );
      return rows;
    };
    const masked = await read(`departmentId=${plant}&includeSub=1`);
    expect(masked[0]).toEqual(['姓名', '身份证号', '手机号', '部门', '账号', '岗位/工种', '状态', '创建时间']);
    expect(
      masked
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['李焊工', '王电工'].sort());
    const li = masked.find((r) => r[0] === '李焊工')!;
    expect(li[1]).toBe('110***********002X');
    expect(li[3]).toBe('生产部/一车间');
    // 创建时间 is a date cell, its clock the study time zone's, as the page shows it
    const created = await server.ctx.db
      .selectFrom('persons')
      .select('created_at')
      .where('name', '=', '李焊工')
      .executeTakeFirstOrThrow();
    expect(li[7]).toBe(`date ${recordTime(Number(created.created_at)).slice(0, 19)}.000Z`);
    const full = await read(`q=${encodeURIComponent('李焊工')}&full=1`);
    expect(full[1]![1]).toBe(ID_A);
    const audits = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'learner.export')
      .execute();
    expect(audits.map((a) => JSON.parse(a.summary).after.fullIdNumbers).sort()).toEqual([false, true]);
    // the sheet with whole ID numbers is named so
    const named = await fetch(`${server.baseUrl}/api/manage/learners/export?full=1`, { headers: as(admin) });
    expect(decodeURIComponent(named.headers.get('content-disposition') ?? '')).toContain(
      '学员名单（含完整身份证号）.xlsx',
    );
    await named.arrayBuffer();
  });

  it('edits a learner and moves him between departments', async () => {
    const li = (await page('q=李焊工')).records[0];
    const moved = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { departmentId: plant, post: '电焊工' },
      headers: as(admin),
    });
    expect(moved.body.data).toMatchObject({ departmentName: '生产部', post: '电焊工' });
    const clash = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { phone: DEMO_LEARNER.phone },
      headers: as(admin),
    });
    expect(clash.status).toBe(409);
    // a phone as people write it is made plain, kept plain and logs in plain; not a mobile is still refused
    const spaced = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { phone: '+86 139-0000-0102' },
      headers: as(admin),
    });
    expect(spaced.body.data, spaced.text).toMatchObject({ phone: '13900000102' });
    const written = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { phone: '１３９ ０００００１０３' },
      headers: as(admin),
    });
    expect(written.body.data, written.text).toMatchObject({ phone: '13900000103' });
    const landline = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { phone: '010-6512-3456' },
      headers: as(admin),
    });
    expect(landline.status).toBe(400);
    expect(landline.body.msg).toContain('请输入正确的手机号');
  });

  it('puts right an ID number entered wrong: he logs in with the right one, the audit keeps both masked', async () => {
    const li = (await page('q=李焊工')).records[0];
    const RIGHT = '110105194912310038';
    // another's number is refused, as when adding
    const taken = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { idCard: ID_B },
      headers: as(admin),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该身份证号已有账号');
    const bad = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { idCard: '110105194912310039' },
      headers: as(admin),
    });
    expect(bad.status).toBe(400);
    const fixed = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { idCard: RIGHT },
      headers: as(admin),
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.data.idCard).toBe('110***********0038');
    expect(fixed.text).not.toContain(RIGHT);
    expect((await page(`q=${RIGHT}`)).records.map((l: { id: string }) => l.id)).toEqual([li.id]);
    expect((await page(`q=${ID_A}`)).total).toBe(0);
    const record = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'learner.update')
      .where('target_id', '=', li.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(record.summary)).toMatchObject({
      before: { idCard: '110***********002X' },
      after: { idCard: '110***********0038' },
    });
    expect(record.summary).not.toContain(RIGHT);
    expect(record.summary).not.toContain(ID_A);
    // the old number logs nobody in; back to it, for the tests after this one
    const back = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { idCard: ID_A },
      headers: as(admin),
    });
    expect(back.status).toBe(200);
  });

  it('disables an account (its session ends, it cannot log in) and enables it again', async () => {
    const wang = (await page(`q=${ID_B}`)).records[0];
    const credentials = (await login(server, ID_B, 'secret12')).body.data.credentials;
    const token = credentials.accessToken;
    const disabled = await post(`/api/manage/learners/${wang.id}/disable`);
    // nor do his refresh tokens renew anything
    const renewed = await server.request('POST', '/api/refresh-token', {
      json: { refreshToken: credentials.refreshToken },
    });
    expect(renewed.status).toBeGreaterThanOrEqual(400);
    expect(disabled.body.data.status).toBe('disabled');
    const signedOut = await server.request('GET', '/api/user/info', { headers: as(token) });
    expect(signedOut.status).toBe(401);
    // his open page is told why, not 请先登录
    expect(signedOut.body.msg).toBe('账号已停用，请联系培训管理员');
    const refused = await login(server, ID_B, 'secret12');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('账号已停用，请联系培训管理员');
    // a wrong password says nothing about it
    expect((await login(server, ID_B, 'wrong-one')).body.code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await page('status=disabled')).records.map((l: { id: string }) => l.id)).toEqual([wang.id]);
    expect((await post(`/api/manage/learners/${wang.id}/enable`)).body.data.status).toBe('active');
    expect((await login(server, ID_B, 'secret12')).status).toBe(200);
  });

  it('unlocks a learner locked by guesses at the account-wide ceiling, and gives a new password that replaces the old', async () => {
    const wang = (await page(`q=${ID_B}`)).records[0];
    for (let i = 0; i < 6; i++) await login(server, ID_B, `wrong-${i}`);
    expect((await login(server, ID_B, 'secret12')).body.code).toBe(ErrorCode.RATE_LIMITED);
    expect((await page('status=locked')).records.map((l: { id: string }) => l.id)).toEqual([wang.id]);
    expect((await post(`/api/manage/learners/${wang.id}/unlock`)).body.data.status).toBe('active');
    expect((await login(server, ID_B, 'secret12')).status).toBe(200);

    const reset = await post(`/api/manage/learners/${wang.id}/reset-password`);
    const fresh = reset.body.data.password as string;
    expect(fresh).toMatch(/^[a-z2-9]{10}$/);
    expect((await login(server, ID_B, 'secret12')).body.code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await login(server, ID_B, fresh)).status).toBe(200);
    const record = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'learner.reset-password')
      .executeTakeFirstOrThrow();
    expect(record.summary).not.toContain(fresh);
  });

  it("reaches only the organisation's own learners: another organisation's, and managers, are not found", async () => {
    const li = (await page('q=李焊工')).records[0];
    expect((await page('q=李焊工', otherAdmin)).total).toBe(0);
    for (const action of ['disable', 'enable', 'unlock', 'reset-password']) {
      const res = await post(`/api/manage/learners/${li.id}/${action}`, undefined, otherAdmin);
      expect(res.status, action).toBe(404);
    }
    const edit = await server.request('PUT', `/api/manage/learners/${li.id}`, {
      json: { name: '被改名' },
      headers: as(otherAdmin),
    });
    expect(edit.status).toBe(404);
    const demoAdmin = await server.ctx.db
      .selectFrom('persons')
      .select('id')
      .where('account', '=', DEMO_ADMIN.account)
      .executeTakeFirstOrThrow();
    expect((await post(`/api/manage/learners/${demoAdmin.id}/reset-password`)).status).toBe(404);
    expect((await page(`departmentId=${plant}`, otherAdmin)) ?? null).toBeNull();
  });
});
