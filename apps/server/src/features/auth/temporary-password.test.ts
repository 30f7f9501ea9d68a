import { LEARNER_IMPORT_COLUMNS } from '@anxun/shared/schemas/learners';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_OPERATOR } from '../../seed/demo-accounts.js';
import { dialects, lastSmsCode, login, startServer, type TestServer } from '../../../test/harness.js';

// valid ID numbers (checksums right), made for these tests
const ID_ADDED = '11010519491231002X';
const ID_IMPORTED = '11010119900307459X';
const ID_NO_PASSWORD = '440301199912310016';

/**
 * A password someone else chose — a manager's on adding, importing or resetting a learner, the
 * operator's for a new manager — is a temporary one: its holder is told to choose his own at
 * login (`mustChangePassword`, on the login's answer and on /api/user/info) until he has.
 */
describe.each(dialects)('temporary passwords on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  const as = (token: string) => ({ Authorization: token });
  const info = async (token: string) =>
    (await server.request('GET', '/api/user/info', { headers: as(token) })).body.data.mustChangePassword;
  const signIn = async (username: string, password: string) => {
    const res = await login(server, username, password);
    expect(res.status, res.text).toBe(200);
    return { token: res.body.data.credentials.accessToken as string, must: res.body.data.roles.mustChangePassword };
  };
  const changeOwn = (token: string, oldPassword: string, newPassword: string) =>
    server.request('POST', '/api/user/update-password', { json: { oldPassword, newPassword }, headers: as(token) });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await signIn(DEMO_ADMIN.account, DEMO_ADMIN.password)).token;
  });
  afterAll(() => server.close());

  it('asks a learner a manager added for a password of his own, until he has chosen one', async () => {
    const added = await server.request('POST', '/api/manage/learners', {
      json: { name: '李焊工', idCard: ID_ADDED, phone: '13900000201' },
      headers: as(admin),
    });
    const { password, learner } = added.body.data;
    const first = await signIn(ID_ADDED, password);
    expect(first.must).toBe(true);
    expect(await info(first.token)).toBe(true);

    expect((await changeOwn(first.token, password, 'mine-1234')).status).toBe(200);
    // at once, on the session he changed it in
    expect(await info(first.token)).toBe(false);
    const again = await signIn(ID_ADDED, 'mine-1234');
    expect(again.must).toBe(false);

    // a new password his manager gives him is temporary again
    const reset = await server.request('POST', `/api/manage/learners/${learner.id}/reset-password`, {
      headers: as(admin),
    });
    const afterReset = await signIn(ID_ADDED, reset.body.data.password);
    expect(afterReset.must).toBe(true);
    // a code sent to his own phone proves him as well as the password does
    await server.request('GET', '/api/user/send-own-phone-code', { headers: as(afterReset.token) });
    const code = await lastSmsCode(server, '13900000201');
    const byCode = await server.request('POST', '/api/user/password-by-code', {
      json: { checkCode: code, newPassword: 'mine-5678' },
      headers: as(afterReset.token),
    });
    expect(byCode.status, byCode.text).toBe(200);
    expect(await info(afterReset.token)).toBe(false);
  });

  it("takes a sheet's 初始密码 as temporary; a learner imported without one and a seeded account are asked nothing", async () => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('学员');
    ws.addRow([...LEARNER_IMPORT_COLUMNS]);
    const row = (values: Partial<Record<(typeof LEARNER_IMPORT_COLUMNS)[number], string>>) =>
      ws.addRow(LEARNER_IMPORT_COLUMNS.map((c) => values[c] ?? ''));
    row({ 姓名: '王电工', 身份证号: ID_IMPORTED, 初始密码: 'start123' });
    row({ 姓名: '赵钳工', 身份证号: ID_NO_PASSWORD, 手机号: '13900000202' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'learners.xlsx');
    const imported = await server.request('POST', '/api/manage/learners/import', { body: form, headers: as(admin) });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.data.created).toBe(2);

    expect((await signIn(ID_IMPORTED, 'start123')).must).toBe(true);
    // by SMS code: no password was ever given to him
    await server.request('GET', '/api/train/person/send-check-code/13900000202');
    const bySms = await server.request('POST', '/api/login', {
      json: { telPhoto: '13900000202', checkCode: await lastSmsCode(server, '13900000202'), client: 'study-mp' },
    });
    expect(bySms.status, bySms.text).toBe(200);
    expect(bySms.body.data.roles.mustChangePassword).toBe(false);
    expect((await signIn(DEMO_LEARNER.account, DEMO_LEARNER.password)).must).toBe(false);
  });

  it('retires a password someone else set once he logs in by a code to his phone, and tells him', async () => {
    const added = await server.request('POST', '/api/manage/learners', {
      json: { name: '孙电工', idCard: '110105198506151236', phone: '13900000203' },
      headers: as(admin),
    });
    expect(added.status, added.text).toBe(200);
    const given = added.body.data.password as string;
    await server.request('GET', '/api/train/person/send-check-code/13900000203');
    const bySms = await server.request('POST', '/api/login', {
      json: { telPhoto: '13900000203', checkCode: await lastSmsCode(server, '13900000203'), client: 'study-mp' },
    });
    expect(bySms.status, bySms.text).toBe(200);
    // the phone proved him: he is not asked for a password he never used…
    expect(bySms.body.data.roles.mustChangePassword).toBe(false);
    const token = bySms.body.data.credentials.accessToken;
    expect(await info(token)).toBe(false);
    // …and the one on the manager's list opens nothing any more
    expect((await login(server, '110105198506151236', given)).status).toBe(401);
    const notices = (await server.request('GET', '/notice/getList', { headers: as(token) })).body.data.list as Array<{
      title: string;
      notice: string;
    }>;
    expect(notices.find((n) => n.title === '为您设置的密码已失效')?.notice).toContain('个人中心');
  });

  it("takes the operator's password for a new organisation's manager as temporary", async () => {
    const operator = (await signIn(DEMO_OPERATOR.account, DEMO_OPERATOR.password)).token;
    const created = await server.request('POST', '/api/manage/organisations', {
      json: { code: '20071', name: '某建材有限公司', admin: { name: '周经理', account: 'bm-admin' } },
      headers: as(operator),
    });
    expect(created.status, created.text).toBe(200);
    const manager = await signIn('bm-admin', created.body.data.password);
    expect(manager.must).toBe(true);
    expect((await changeOwn(manager.token, created.body.data.password, 'bm-own-pass')).status).toBe(200);
    expect((await signIn('bm-admin', 'bm-own-pass')).must).toBe(false);
  });
});
