import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../../test/harness.js';
import { findQuestionsOfBook } from './exams.repository.js';
import { QUESTION_COLUMNS } from './question-sheet.js';

type Row = string[];
const row = (
  kind: string,
  stem: string,
  options: string[],
  answer: string,
  extra: Partial<Record<'解析' | '分值' | '难度', string>> = {},
): Row => [
  kind,
  stem,
  ...Array.from({ length: 8 }, (_, i) => options[i] ?? ''),
  answer,
  extra.解析 ?? '',
  extra.分值 ?? '',
  extra.难度 ?? '',
];

async function sheet(rows: Row[], header: readonly string[] = QUESTION_COLUMNS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('试题');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const GOOD = [
  row('单选题', '安全帽的主要作用是（  ）。', ['保暖', '防止头部受伤', '装饰', '遮阳'], 'B', {
    解析: '安全帽防护头部。',
    分值: '2',
    难度: '易',
  }),
  // the words other banks use for 中 and 难
  row('多选题', '下列属于个人防护用品的有（  ）。', ['安全帽', '安全带', '灭火器', '防护眼镜'], 'A,B,D', {
    难度: '中等',
  }),
  row('判断题', '电气设备着火时可以直接用水扑救。', [], '错', { 难度: '困难' }),
  row('填空题', '火警电话是____，急救电话是____。', [], '119|120/一二零'),
];

/** 题库 from Excel: the template, every kind of bad row, all or nothing, export and retire. */
describe.each(dialects)('question banks on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let otherAdmin: string;
  let bookId: string;
  const as = (token = admin) => ({ Authorization: token });
  const upload = (data: Buffer, token = admin, id = bookId) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), 'questions.xlsx');
    return server.request('POST', `/api/manage/question-books/${id}/questions/import`, {
      body: form,
      headers: as(token),
    });
  };
  const bank = async (query = '') =>
    (await server.request('GET', `/api/manage/question-books/${bookId}/questions?size=100${query}`, { headers: as() }))
      .body.data as {
      records: Array<{
        id: string;
        kind: string;
        stem: string;
        answer: string;
        options: string[];
        points: number | null;
        difficulty: string;
      }>;
      total: number;
    };

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10012', '另一家单位');
    await addLearner(server, { account: 'other-admin12', password: 'other1234', role: 'admin', orgCode: '10012' });
    otherAdmin = (await login(server, 'other-admin12', 'other1234')).body.data.credentials.accessToken;
    const books = await server.request('GET', '/api/manage/question-books', { headers: as() });
    expect(books.status, books.text).toBe(200);
    bookId = books.body.data[0].courseBookId;
    expect(books.body.data[0].questionCount).toBeGreaterThan(0);
  });
  afterAll(() => server.close());

  it('serves a template that, filled in, imports every kind of question with its key', async () => {
    const res = await fetch(`${server.baseUrl}/api/manage/questions/import-template`, { headers: as() });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...QUESTION_COLUMNS]);

    const before = (await bank()).total;
    const imported = await upload(await sheet(GOOD));
    expect(imported.body.data, imported.text).toEqual({ created: 4, errors: [] });
    const after = await bank();
    expect(after.total).toBe(before + 4);
    const byStem = new Map(after.records.map((q) => [q.stem, q]));
    expect(byStem.get('安全帽的主要作用是（  ）。')).toMatchObject({
      kind: 'single',
      answer: 'B',
      points: 2,
      difficulty: 'easy',
    });
    expect(byStem.get('下列属于个人防护用品的有（  ）。')).toMatchObject({
      kind: 'multiple',
      answer: 'ABD',
      difficulty: 'medium',
    });
    expect(byStem.get('电气设备着火时可以直接用水扑救。')).toMatchObject({
      kind: 'judge',
      answer: '错',
      options: [],
      difficulty: 'hard',
    });
    expect(byStem.get('火警电话是____，急救电话是____。')).toMatchObject({ kind: 'fill', answer: '119|120/一二零' });
    // found by words of the stem, with the kind too; % and _ are taken literally
    const found = await bank(`&q=${encodeURIComponent('安全帽')}`);
    expect(found.records.map((q) => q.stem)).toContain('安全帽的主要作用是（  ）。');
    expect(found.records.every((q) => q.stem.includes('安全帽'))).toBe(true);
    expect((await bank(`&q=${encodeURIComponent('安全帽')}&kind=judge`)).records.map((q) => q.kind)).not.toContain(
      'single',
    );
    // LIKE's own characters are searched for as themselves: ____ finds the fill-ins, % none here
    const blanks = await bank(`&q=${encodeURIComponent('____')}`);
    expect(blanks.total).toBeGreaterThan(0);
    expect(blanks.records.every((q) => q.stem.includes('____'))).toBe(true);
    expect((await bank(`&q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await bank(`&q=${encodeURIComponent('没有这样的题干')}`)).total).toBe(0);
    // several words: each somewhere in the stem
    expect((await bank(`&q=${encodeURIComponent('安全帽 作用')}`)).records.map((q) => q.stem)).toEqual([
      '安全帽的主要作用是（  ）。',
    ]);
  });

  it('writes nothing while any row is wrong, naming each row and column', async () => {
    const before = (await bank()).total;
    const res = await upload(
      await sheet([
        row('问答题', '这是什么题型？', [], 'A'),
        row('单选题', '', ['甲', '乙'], 'A'),
        row('单选题', '只有一个选项的题', ['甲'], 'A'),
        row('单选题', '答案超出选项的题', ['甲', '乙'], 'C'),
        row('单选题', '单选给了两个答案', ['甲', '乙', '丙'], 'AB'),
        row('多选题', '多选只给一个答案', ['甲', '乙', '丙'], 'A'),
        row('判断题', '判断题答案写错', [], '可能'),
        row('判断题', '判断题带选项', ['对', '错'], '对'),
        row('填空题', '填空题空答案', [], '119||120'),
        row('单选题', '分值不对的题', ['甲', '乙'], 'A', { 分值: '-1' }),
        row('单选题', '难度不对的题', ['甲', '乙'], 'A', { 难度: '很难' }),
        row('单选题', '选项跳空的题', ['甲', '', '丙'], 'A'),
        row('单选题', '安全帽的主要作用是（  ）。', ['保暖', '防止头部受伤'], 'B'),
        row('单选题', '同一文件里重复的题', ['甲', '乙'], 'A'),
        row('单选题', '同一文件里重复的题', ['甲', '乙'], 'B'),
        row('单选题', '这一行本身没有问题', ['甲', '乙'], 'A'),
        row('判断题', '三处有误的题', [], '也许', { 分值: '200', 难度: '超难' }),
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.created).toBe(0);
    const errors = res.body.data.errors as Array<{ row: number; field: string; msg: string; name?: string }>;
    expect(errors.map(({ name: _, ...e }) => e)).toEqual([
      { row: 2, field: '题型', msg: '题型应为单选题、多选题、判断题或填空题' },
      { row: 3, field: '题干', msg: '请填写题干' },
      { row: 4, field: '选项A', msg: '选择题至少要有两个选项' },
      { row: 5, field: '答案', msg: '答案“C”不是已填写的选项字母' },
      { row: 6, field: '答案', msg: '单选题的答案只能是一个字母' },
      { row: 7, field: '答案', msg: '多选题的答案至少两个字母，如AC' },
      { row: 8, field: '答案', msg: '判断题的答案应为“对”或“错”' },
      { row: 9, field: '选项A', msg: '判断题不填选项' },
      { row: 10, field: '答案', msg: '填空题每个空都要有答案，多个空用“|”分隔' },
      { row: 11, field: '分值', msg: '分值应为大于0、不超过100的数' },
      { row: 12, field: '难度', msg: '难度应为易、中或难' },
      { row: 13, field: '选项B', msg: '选项不能跳空，请从A起依次填写' },
      { row: 14, field: '题干', msg: '题库中已有这道题' },
      { row: 16, field: '题干', msg: '与第15行是同一道题' },
      // every problem of a row, not only its first: one pass through the sheet mends it
      { row: 18, field: '答案', msg: '判断题的答案应为“对”或“错”' },
      { row: 18, field: '分值', msg: '分值应为大于0、不超过100的数' },
      { row: 18, field: '难度', msg: '难度应为易、中或难' },
    ]);
    // each row named by its stem, so a manager finds it in a long sheet (none for the row without one)
    expect(errors.find((e) => e.row === 14)!.name).toBe('安全帽的主要作用是（  ）。');
    expect(errors.find((e) => e.row === 16)!.name).toBe('同一文件里重复的题');
    expect(errors.find((e) => e.row === 3)!.name).toBeUndefined();
    expect((await bank()).total).toBe(before);
  });

  it('exports the bank as the import sheet: its rows read back as the bank, and re-import finds them all there', async () => {
    const res = await fetch(`${server.baseUrl}/api/manage/question-books/${bookId}/questions/export`, {
      headers: as(),
    });
    expect(res.status).toBe(200);
    const data = Buffer.from(await res.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    const { total } = await bank();
    expect(rows).toHaveLength(total);
    const fill = rows.find((r) => r[2] === '火警电话是____，急救电话是____。')!;
    expect(fill.slice(1, 3)).toEqual(['填空题', '火警电话是____，急救电话是____。']);
    expect(fill[11]).toBe('119|120/一二零');
    const multiple = rows.find((r) => r[2] === '下列属于个人防护用品的有（  ）。')!;
    expect(multiple.slice(3, 7)).toEqual(['安全帽', '安全带', '灭火器', '防护眼镜']);
    expect(multiple[11]).toBe('ABD');
    const again = await upload(data);
    expect(again.body.data.created).toBe(0);
    expect(again.body.data.errors).toHaveLength(total);
    expect(new Set(again.body.data.errors.map((e: { msg: string }) => e.msg))).toEqual(new Set(['题库中已有这道题']));
  });

  it('retires a question: the bank and new papers leave it out, another organisation cannot touch it', async () => {
    const target = (await bank()).records.find((q) => q.stem === '安全帽的主要作用是（  ）。')!;
    const foreign = await server.request('DELETE', `/api/manage/questions/${target.id}`, { headers: as(otherAdmin) });
    expect(foreign.status).toBe(404);
    const foreignList = await server.request('GET', `/api/manage/question-books/${bookId}/questions`, {
      headers: as(otherAdmin),
    });
    expect(foreignList.status).toBe(404);
    // a learner practising the book sees the bank shrink by it
    const learner = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials
      .accessToken;
    const practiceTotal = async () => {
      const next = await server.request('GET', `/api/exam/practice/next?courseBookId=${bookId}&mode=sequential`, {
        headers: as(learner),
      });
      expect(next.status, next.text).toBe(200);
      return next.body.data.total as number;
    };
    const before = await practiceTotal();
    expect((await server.request('DELETE', `/api/manage/questions/${target.id}`, { headers: as() })).status).toBe(200);
    expect((await bank()).records.map((q) => q.id)).not.toContain(target.id);
    expect(await practiceTotal()).toBe(before - 1);
    const drawable = await findQuestionsOfBook(server.ctx.db, bookId);
    expect(drawable.map((q) => q.id)).not.toContain(target.id);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', target.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['question.retire']);
  });

  it('adds and edits single questions by the rules of the sheet, refusing bad ones with the reason', async () => {
    const add = (json: unknown, token = admin, id = bookId) =>
      server.request('POST', `/api/manage/question-books/${id}/questions`, { json, headers: as(token) });
    const made = await add({
      kind: 'multiple',
      stem: '动火作业前应做到（  ）。',
      options: ['办理动火证', '清理可燃物', '随意作业', '配备灭火器'],
      answer: 'ABD',
      analysis: '三项都是动火作业的前提。',
      points: 3,
      difficulty: 'hard',
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data).toMatchObject({ kind: 'multiple', answer: 'ABD', points: 3, difficulty: 'hard' });
    // a slash the answer holds itself (m/s) is written \/; a bare one separates alternatives
    const slashed = await add({
      kind: 'fill',
      stem: '风速单位是____，三分之一写作____。',
      answer: 'm\\/s|1\\/3/三分之一',
    });
    expect(slashed.status, slashed.text).toBe(200);
    expect(slashed.body.data.answer).toBe('m\\/s|1\\/3/三分之一');
    const key = await server.ctx.db
      .selectFrom('questions')
      .select('answer')
      .where('id', '=', slashed.body.data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(key.answer)).toEqual([['m/s'], ['1/3', '三分之一']]);
    const refused = [
      [{ kind: 'single', stem: '单选两个答案', options: ['甲', '乙'], answer: 'AB' }, '单选题的答案只能是一个字母'],
      [{ kind: 'judge', stem: '判断题答案', answer: '也许' }, '判断题的答案应为“对”或“错”'],
      [{ kind: 'single', stem: '一个选项', options: ['甲'], answer: 'A' }, '选择题至少要有两个选项'],
      [{ kind: 'fill', stem: '填空', answer: '119||120' }, '填空题每个空都要有答案，多个空用“|”分隔'],
    ] as const;
    for (const [json, msg] of refused) {
      const res = await add(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(
      (await add({ kind: 'multiple', stem: '动火作业前应做到（  ）。', options: ['甲', '乙'], answer: 'AB' })).status,
    ).toBe(409);
    expect((await add({ kind: 'judge', stem: '别家加题', answer: '对' }, otherAdmin)).status).toBe(404);

    const id = made.body.data.id as string;
    const edit = (json: unknown, token = admin) =>
      server.request('PUT', `/api/manage/questions/${id}`, { json, headers: as(token) });
    const changed = await edit({
      kind: 'single',
      stem: '动火作业前首先应（  ）。',
      options: ['办理动火证', '直接作业'],
      answer: 'A',
    });
    expect(changed.body.data).toMatchObject({
      kind: 'single',
      stem: '动火作业前首先应（  ）。',
      answer: 'A',
      points: null,
    });
    expect((await edit({ kind: 'judge', stem: '别家改题', answer: '对' }, otherAdmin)).status).toBe(404);
    await server.request('DELETE', `/api/manage/questions/${id}`, { headers: as() });
    const retired = await edit({ kind: 'judge', stem: '停用后再改', answer: '对' });
    expect(retired.status).toBe(409);
    expect(retired.body.msg).toBe('已停用的试题不能修改');
  });
});
