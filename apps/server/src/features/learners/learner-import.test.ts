import { ErrorCode } from '@anxun/shared/errors';
import { LEARNER_IMPORT_COLUMNS } from '@anxun/shared/schemas/learners';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  addLearner,
  addOrganisation,
  dialects,
  login,
  setIdCard,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid ID number (checksum computed) from its first 17 digits. */
const idNumber = (first17: string) =>
  first17 + '10X98765432'[[...first17].reduce((s, d, i) => s + Number(d) * W[i]!, 0) % 11]!;
/** The n-th test learner's ID number: born 1990-01-01 + n days' worth of sequence digits. */
const idOf = (n: number) =>
  idNumber(`110105199001${String(10 + (n % 19)).padStart(2, '0')}${String(n).padStart(3, '0').slice(-3)}`);

type Row = Array<string | number>;

/** A sheet as a person would fill the template: the header row, then the rows. */
async function sheet(rows: Row[], header: readonly string[] = LEARNER_IMPORT_COLUMNS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('学员');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** 导入学员 from Excel: the template, every kind of bad row, all or nothing, and a 5,000-row sheet. */
describe.each(dialects)('learner import on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  const as = (token = admin) => ({ Authorization: token });
  const upload = (data: Buffer, query = '', token = admin) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), 'learners.xlsx');
    return server.request('POST', `/api/manage/learners/import${query}`, { body: form, headers: as(token) });
  };
  const learnerCount = async () =>
    Number(
      (
        await server.ctx.db
          .selectFrom('persons')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const plant = await server.request('POST', '/api/manage/departments', { json: { name: '生产部' }, headers: as() });
    await server.request('POST', '/api/manage/departments', {
      json: { name: '一车间', parentId: plant.body.data.id },
      headers: as(),
    });
  });
  afterAll(() => server.close());

  it('serves a template that, filled in and sent back, creates the learners; sent again, updates them', async () => {
    const res = await fetch(`${server.baseUrl}/api/manage/learners/import-template`, { headers: as() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...LEARNER_IMPORT_COLUMNS]);
    // filled in as a person would: an ID number as text, a phone typed as a number
    ws.addRow(['孙一', idOf(1), 13900000201, '生产部/一车间', 'sun1', 'start123', '焊工']);
    ws.addRow(['孙二', idOf(2), '13900000202', '生产部', '', '', '']);
    ws.addRow(['孙三', idOf(3), '', '', '', 'start123', '电工']);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    const first = await upload(filled);
    expect(first.body.data, first.text).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      changes: [],
      passwordsKept: 0,
      errors: [],
    });
    // the one with a password logs in with it; the one without has none (phone + code instead)
    expect((await login(server, 'sun1', 'start123')).status).toBe(200);
    expect((await login(server, idOf(3), 'start123')).status).toBe(200);
    const listed = await server.request('GET', `/api/manage/learners?q=${idOf(1)}`, { headers: as() });
    expect(listed.body.data.records[0]).toMatchObject({
      name: '孙一',
      departmentName: '生产部/一车间',
      post: '焊工',
      phone: '13900000201',
    });

    ws.getRow(2).getCell(1).value = '孙壹';
    ws.getRow(2).getCell(6).value = 'newpass99';
    const again = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    // a 初始密码 is for new learners: the two who had one keep theirs, and the answer says so;
    // only the one whose row changed something is updated, and what changed is named
    expect(again.body.data).toEqual({
      created: 0,
      updated: 1,
      unchanged: 2,
      changes: [{ row: 2, name: '孙壹', fields: ['姓名'], formerName: '孙一' }],
      passwordsKept: 2,
      errors: [],
    });
    expect((await login(server, 'sun1', 'start123')).status).toBe(200);
    expect((await login(server, 'sun1', 'newpass99')).status).toBe(401);
    expect(
      (await server.request('GET', `/api/manage/learners?q=${idOf(1)}`, { headers: as() })).body.data.records[0].name,
    ).toBe('孙壹');
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'learner.import')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.summary).join()).not.toContain('start123');
    // the log names who changed and how, not only how many
    expect(audit.map((a) => a.summary).join()).toContain('孙一 → 孙壹');
  });

  it('names every bad row and field, and writes nothing at all', async () => {
    await addOrganisation(server, '10003', '另一家单位');
    const elsewhere = await addLearner(server, { account: 'elsewhere', password: 'x123456', orgCode: '10003' });
    await setIdCard(server, elsewhere, idOf(40));
    const before = await learnerCount();
    const res = await upload(
      await sheet([
        ['周好', idOf(10), '13900000210', '生产部', '', 'start123', ''], // row 2: fine
        ['', idOf(11), '13900000211', '', '', '', ''], // 3: no name
        ['周@', idOf(12), '13900000212', '', '', '', ''], // 4: bad name
        ['周四', '110105199001011234', '13900000213', '', '', '', ''], // 5: bad checksum
        ['周五', idOf(14), '1390000021', '', '', '', ''], // 6: bad phone
        ['周六', idOf(10), '13900000216', '', '', '', ''], // 7: ID repeated in the file
        ['周七', idOf(17), '13900000210', '', '', '', ''], // 8: phone repeated in the file
        ['周八', idOf(18), '13900000218', '财务部', '', '', ''], // 9: no such department
        ['周九', idOf(19), '13900000219', '', 'demo', '', ''], // 10: account taken
        ['周十', idOf(20), '13900000220', '', '', '12345', ''], // 11: password too short
        ['周十一', idOf(21), '', '', '', '', ''], // 12: no phone and no password
        ['周十二', idOf(40), '13900000222', '', '', '', ''], // 13: ID of another organisation
        ['周十三', idOf(23), DEMO_LEARNER.phone, '', '', '', ''], // 14: phone of someone else
        ['周十四', DEMO_ADMIN.idCard, '13900000224', '', '', '', ''], // 15: a manager's ID number
        ['周十五', Number('110105199001011234'), '13900000225', '', '', '', ''], // 16: ID typed as a number
        ['周十六', idOf(26), '13900000226', '', 'ElseWhere', '', ''], // 17: account taken, in other letters' case
        ['周十七', idOf(27), '13900000227', '', '13900000299', '', ''], // 18: account shaped like a phone
      ]),
    );
    expect(res.status).toBe(200);
    const { created, updated, errors } = res.body.data;
    expect({ created, updated }).toEqual({ created: 0, updated: 0 });
    const got = (errors as Array<{ row: number; field: string; msg: string }>).map((e) => `${e.row}:${e.field}`);
    // each error names the row's learner, so a manager finds him in a long sheet (none for a row without a name)
    const named = errors as Array<{ row: number; name?: string }>;
    expect(named.find((e) => e.row === 4)!.name).toBe('周@');
    expect(named.find((e) => e.row === 13)!.name).toBe('周十二');
    expect(named.find((e) => e.row === 3)!.name).toBeUndefined();
    expect(got).toEqual([
      '3:姓名',
      '4:姓名',
      '5:身份证号',
      '6:手机号',
      '7:身份证号',
      '8:手机号',
      '9:部门',
      '10:账号',
      '11:初始密码',
      '12:初始密码',
      '13:身份证号',
      '14:手机号',
      '15:身份证号',
      '16:身份证号',
      '17:账号',
      '18:账号',
    ]);
    expect(errors.find((e: { row: number }) => e.row === 18).msg).toBe('账号不能是手机号或身份证号');
    expect(errors.find((e: { row: number }) => e.row === 16).msg).toContain('文本格式');
    expect(errors.find((e: { row: number }) => e.row === 7).msg).toBe('与第2行重复');
    expect(errors.find((e: { row: number }) => e.row === 9).msg).toBe(
      '部门“财务部”不存在，可勾选“自动创建表格中不存在的部门”',
    );
    expect(errors.find((e: { row: number }) => e.row === 13).msg).toBe('该身份证号已有账号');
    expect(await learnerCount()).toBe(before);
    // the good row alone goes in
    expect(
      (await upload(await sheet([['周好', idOf(10), '13900000210', '生产部', '', 'start123', '']]))).body.data.created,
    ).toBe(1);
  });

  it('creates the departments a sheet names when asked to', async () => {
    const res = await upload(
      await sheet([['吴一', idOf(30), '13900000230', '总部/安全科/一组', '', '', '']]),
      '?createDepartments=1',
    );
    expect(res.body.data, res.text).toMatchObject({ created: 1, errors: [] });
    const tree = (await server.request('GET', '/api/manage/departments', { headers: as() })).body.data as Array<{
      id: string;
      parentId: string | null;
      name: string;
    }>;
    const top = tree.find((d) => d.name === '总部')!;
    const mid = tree.find((d) => d.name === '安全科')!;
    expect(mid.parentId).toBe(top.id);
    expect(tree.find((d) => d.name === '一组')!.parentId).toBe(mid.id);
  });

  it('reads the list where a sheet of notes comes first', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('说明').addRow(['填写说明：每行一名学员，姓名和身份证号必填']);
    const list = workbook.addWorksheet('学员名单');
    list.addRow([...LEARNER_IMPORT_COLUMNS]);
    list.addRow(['郑二', idOf(31), '13900000231', '', '', '', '']);
    const res = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.body.data, res.text).toMatchObject({ created: 1, errors: [] });
  });

  it('reads an HR export as it comes: its names for our columns, a merged header, full-width and +86 numbers', async () => {
    const stored = async (name: string) =>
      server.ctx.db
        .selectFrom('persons as p')
        .leftJoin('departments as d', 'd.id', 'p.department_id')
        .select(['p.phone', 'd.name as department', 'p.post'])
        .where('p.name', '=', name)
        .executeTakeFirstOrThrow();
    // 部门 merged over two columns (a spreadsheet repeats the title in the second): one column
    const merged = new ExcelJS.Workbook();
    const ws = merged.addWorksheet('花名册');
    ws.addRow(['姓名', '身份证号', '手机号', '部门', '']);
    ws.mergeCells('D1:E1');
    ws.addRow(['钱七', idOf(32), '１３９ ００００ ０２３２', '生产部／一车间', '']);
    const one = await upload(Buffer.from(await merged.xlsx.writeBuffer()));
    expect(one.body.data, one.text).toMatchObject({ created: 1, errors: [] });
    expect(await stored('钱七')).toMatchObject({ phone: '13900000232', department: '一车间' });
    // 员工姓名 / 身份证号码 / 手机号码 / 所属部门 / 岗位 are ours by other names
    const hr = await upload(
      await sheet(
        [['孙八', idOf(33), '+86 139-0000-0233', '生产部/一车间', '电工']],
        ['员工姓名', '身份证号码', '手机号码', '所属部门', '岗位'],
      ),
    );
    expect(hr.body.data, hr.text).toMatchObject({ created: 1, errors: [] });
    expect(await stored('孙八')).toMatchObject({ phone: '13900000233', department: '一车间', post: '电工' });
    // 部门 merged down over its people stands for each; a department's own full-width
    // brackets are its name (only ／ is a slash); two 备注 columns, and 岗位 beside 工种, are no
    // trouble (岗位 is read)
    const bracketed = await server.request('POST', '/api/manage/departments', {
      json: { name: '安全科（二）' },
      headers: as(),
    });
    expect(bracketed.status, bracketed.text).toBe(200);
    const down = new ExcelJS.Workbook();
    const people = down.addWorksheet('花名册');
    people.addRow(['姓名', '身份证号', '手机号', '部门', '岗位', '工种', '备注', '备注']);
    people.addRow(['吴十', idOf(35), '13900000235', '安全科（二）', '班长', '电工', '', '']);
    people.addRow(['郑十一', idOf(36), '13900000236', '', '', '焊工', '', '']);
    people.mergeCells('D2:D3');
    const merged2 = await upload(Buffer.from(await down.xlsx.writeBuffer()));
    expect(merged2.body.data, merged2.text).toMatchObject({ created: 2, errors: [] });
    expect(await stored('吴十')).toMatchObject({ department: '安全科（二）', post: '班长' });
    expect(await stored('郑十一')).toMatchObject({ department: '安全科（二）' });
    const brackets = await server.ctx.db
      .selectFrom('departments')
      .select('id')
      .where('name', 'in', ['安全科（二）', '安全科(二)'])
      .execute();
    expect(brackets).toHaveLength(1);
    // a workbook whose cover sheet comes first, its list headed in HR's words: the list is read
    const covered = new ExcelJS.Workbook();
    covered.addWorksheet('封面').addRow(['华兴化工有限公司员工花名册']);
    covered.addWorksheet('名单').addRow(['员工姓名', '身份证号码', '手机号码']);
    covered.getWorksheet('名单')!.addRow(['王十二', idOf(37), '13900000237']);
    const cover = await upload(Buffer.from(await covered.xlsx.writeBuffer()));
    expect(cover.body.data, cover.text).toMatchObject({ created: 1, errors: [] });
    // a title in two columns is refused, not read from one of them at random
    const twice = await upload(
      await sheet([['周九', idOf(34), '', '生产部', '']], ['姓名', '身份证号', '手机号', '部门', '部门']),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe('表头“部门”出现在不止一列（第D列、第E列），请只保留一列');
    // a title row above the header is named as the trouble
    const titled = new ExcelJS.Workbook();
    const roster = titled.addWorksheet('花名册');
    roster.addRow(['华兴化工有限公司员工花名册']);
    roster.addRow([...LEARNER_IMPORT_COLUMNS]);
    const tooLow = await upload(Buffer.from(await titled.xlsx.writeBuffer()));
    expect(tooLow.body.msg).toContain('表头须在第1行');
  });

  it('refuses what is not a learner sheet with a clear message', async () => {
    const notXlsx = await upload(Buffer.from('name,id\n张三,1\n'));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.msg).toContain('.xlsx');
    const wrongHeader = await upload(await sheet([['a', 'b']], ['名字', '证件']));
    expect(wrongHeader.body.msg).toContain('表头缺少');
    const empty = await upload(await sheet([]));
    expect(empty.body.msg).toBe('表格中没有学员数据');
    const json = await server.request('POST', '/api/manage/learners/import', { json: {}, headers: as() });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('imports 5,000 rows in one go', async () => {
    const rows: Row[] = Array.from({ length: 5000 }, (_, i) => [
      `批量${i}`,
      idNumber(
        `3201021985${String(Math.floor(i / 500) + 1).padStart(2, '0')}${String(10 + (i % 19)).padStart(2, '0')}${String(i % 500).padStart(3, '0')}`,
      ),
      `1370${String(i).padStart(7, '0')}`,
      '生产部/一车间',
      '',
      '',
      '',
    ]);
    const started = Date.now();
    const res = await upload(await sheet(rows));
    expect(res.body.data, res.text.slice(0, 500)).toEqual({
      created: 5000,
      updated: 0,
      unchanged: 0,
      changes: [],
      passwordsKept: 0,
      errors: [],
    });
    console.log(`imported 5,000 learners in ${Date.now() - started} ms (${databaseUrl ? 'postgres' : 'sqlite'})`);
    const page = await server.request('GET', '/api/manage/learners?q=批量4999', { headers: as() });
    expect(page.body.data.total).toBe(1);
    // 人员 lists them as the sheet had them (newest first: the sheet's first row on top)
    const first = await server.request('GET', '/api/manage/learners?q=批量&current=1&size=20', { headers: as() });
    expect(first.body.data.records.map((r: { name: string }) => r.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `批量${i}`),
    );
  }, 120_000);
});
