import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

async function sheet(header: string[], rows: Array<Array<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('名单');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** 报名 from an Excel list of ID numbers or phones: all or nothing, errors named by row. */
describe.each(dialects)('enrolment from a list on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let otherAdmin: string;
  let classId: string;
  const as = (token = admin) => ({ Authorization: token });
  const upload = (data: Buffer, token = admin, id = classId) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), 'list.xlsx');
    return server.request('POST', `/api/manage/classes/${id}/enrol-sheet`, { body: form, headers: as(token) });
  };
  const memberNames = async () =>
    (
      await server.request('GET', `/api/manage/classes/${classId}/members?size=100`, { headers: as() })
    ).body.data.records.map((m: { name: string }) => m.name) as string[];

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10009', '另一家单位');
    await addLearner(server, { account: 'other-admin9', password: 'other1234', role: 'admin', orgCode: '10009' });
    otherAdmin = (await login(server, 'other-admin9', 'other1234')).body.data.credentials.accessToken;
    await addLearner(server, { account: 'by-phone', password: 'study1234', phone: '13700000001' });
    const off = await addLearner(server, { account: 'off', password: 'study1234', phone: '13700000002' });
    await server.ctx.db.updateTable('persons').set({ disabled_at: Date.now() }).where('id', '=', off).execute();
    await addLearner(server, { account: 'elsewhere', password: 'study1234', phone: '13700000003', orgCode: '10009' });
    const book = await server.ctx.db.selectFrom('course_books').select('id').executeTakeFirstOrThrow();
    const created = await server.request('POST', '/api/manage/classes', {
      json: {
        name: '名单报名班',
        bookIds: [book.id],
        rules: {
          faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
          exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
        },
      },
      headers: as(),
    });
    expect(created.status, created.text).toBe(200);
    classId = created.body.data.id;
  });
  afterAll(() => server.close());

  it('serves a template with the columns a list needs', async () => {
    const res = await fetch(`${server.baseUrl}/api/manage/classes/enrol-template`, { headers: as() });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, '姓名', '身份证号', '手机号']);
  });

  it('enrols nobody while any row is wrong, naming each bad row', async () => {
    const res = await upload(
      await sheet(
        ['姓名', '身份证号', '手机号'],
        [
          [DEMO_LEARNER.name, DEMO_LEARNER.idCard, ''],
          ['', '', '13700000009'],
          ['', '', '13700000002'],
          ['', '', '13700000003'],
          ['李四', DEMO_LEARNER.idCard.toLowerCase(), ''],
          ['王五', '1234', ''],
          ['', '', '1370000'],
          // his ID number with another learner's phone: a row mixing two people
          [DEMO_LEARNER.name, DEMO_LEARNER.idCard, '13700000001'],
          // his ID number with his phone as HR writes it, or with a number he no longer has: him
          [
            DEMO_LEARNER.name,
            DEMO_LEARNER.idCard,
            `+86 ${DEMO_LEARNER.phone.slice(0, 3)}-${DEMO_LEARNER.phone.slice(3)}`,
          ],
          [DEMO_LEARNER.name, DEMO_LEARNER.idCard, '13900000099'],
          // a phone in full-width digits with spaces: found
          ['', '', '１３７ ０００ ００００１'],
        ],
      ),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      enrolled: 0,
      already: 0,
      skipped: 0,
      errors: [
        { row: 3, field: '手机号', msg: '本单位没有这名学员' },
        { row: 4, field: '手机号', msg: '该学员已停用' },
        { row: 5, field: '手机号', msg: '本单位没有这名学员' },
        { row: 6, field: '姓名', msg: `姓名与系统中的“${DEMO_LEARNER.name}”不一致`, name: '李四' },
        // a number that cannot be anyone's is called wrong, not "not found"
        { row: 7, field: '身份证号', msg: '身份证号不正确（18位，校验位须正确）', name: '王五' },
        { row: 8, field: '手机号', msg: '手机号不正确' },
        { row: 9, field: '手机号', msg: '手机号与身份证号不是同一名学员', name: DEMO_LEARNER.name },
      ],
    });
    expect(await memberNames()).toEqual([]);
  });

  it('enrols everyone a good list names, by ID number or phone; sent again, they are already in', async () => {
    const list = await sheet(
      ['身份证号', '手机号'],
      [
        [DEMO_LEARNER.idCard, ''],
        ['', 13700000001],
      ],
    );
    const res = await upload(list);
    expect(res.body.data).toEqual({ enrolled: 2, already: 0, skipped: 0, errors: [] });
    expect((await memberNames()).sort()).toEqual(['by-phone', DEMO_LEARNER.name].sort());
    expect((await upload(list)).body.data).toEqual({ enrolled: 0, already: 2, skipped: 0, errors: [] });
    // a list of phones alone behind a sheet of notes is read where it is
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('说明').addRow(['每行一名学员']);
    const phones = workbook.addWorksheet('名单');
    phones.addRow(['手机号']);
    phones.addRow([13700000001]);
    const behind = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(behind.body.data, behind.text).toEqual({ enrolled: 0, already: 1, skipped: 0, errors: [] });
  });

  it('refuses a sheet without an ID or phone column, a file that is no sheet, and another organisation', async () => {
    const noColumn = await upload(await sheet(['姓名'], [['张三']]));
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.msg).toBe('表头须有“身份证号”或“手机号”列，请使用下载的模板');
    const garbage = await upload(Buffer.from('not a spreadsheet'));
    expect(garbage.status).toBe(400);
    const foreign = await upload(await sheet(['手机号'], [['13700000003']]), otherAdmin);
    expect(foreign.status).toBe(404);
  });
});
