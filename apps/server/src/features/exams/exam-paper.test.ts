import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import {
  addLearner,
  addOrganisation,
  dialects,
  enrolInDemoClass,
  login,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

type Rules = Record<string, unknown>;
const random = (
  single: number,
  multiple: number,
  judge: number,
  fill: number,
  points: number[],
  shuffleOptions = false,
) => ({
  mode: 'random',
  kinds: {
    single: { count: single, points: points[0] },
    multiple: { count: multiple, points: points[1] },
    judge: { count: judge, points: points[2] },
    fill: { count: fill, points: points[3] },
  },
  shuffleOptions,
});

/**
 * 试卷设置 (issue: Console II): a class course's papers drawn by its own rules — counts and
 * points per kind, or a fixed list with shuffled options — refused while the bank cannot make
 * them, previewed with a sample paper, and sat by learners as set.
 */
describe.each(dialects)('exam papers of a class course on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let classId: string;
  let classCourseId: string;
  let bookId: string;
  const as = (token = admin) => ({ Authorization: token });
  const url = () => `/api/manage/classes/${classId}/courses/${classCourseId}/paper`;
  const put = (rules: Rules | null, token = admin) =>
    server.request('PUT', url(), { json: { rules }, headers: as(token) });
  const sit = async (account: string) => {
    await enrolInDemoClass(server, await addLearner(server, { account, password: `${account}-pass` }));
    const token = (await login(server, account, `${account}-pass`)).body.data.credentials.accessToken as string;
    const paper = await server.request('POST', '/api/exam/mock/start', {
      json: { trainClassCourseId: classCourseId },
      headers: as(token),
    });
    return { token, paper };
  };

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const cls = (await server.request('GET', '/api/manage/classes', { headers: as() })).body.data.records[0];
    classId = cls.id;
    classCourseId = cls.courses[0].trainClassCourseId;
    bookId = cls.courses[0].bookId;
  });
  afterAll(() => server.close());

  it('shows the default plan with a sample paper and its keys', async () => {
    const res = await server.request('GET', url(), { headers: as() });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ rules: null, classTotal: 100, total: 100, problems: [] });
    expect(res.body.data.effective.mode).toBe('random');
    expect(res.body.data.sample).toHaveLength(27);
    expect(res.body.data.sample[0]).toMatchObject({ answer: expect.any(String), points: expect.any(Number) });
  });

  it('refuses rules the bank cannot meet or whose total is not the class total, saying why', async () => {
    const many = await put(random(150, 0, 0, 0, [0.5, 1, 1, 1]));
    expect(many.status).toBe(400);
    expect(many.body.msg).toMatch(/单选题要抽150道，题库只有\d+道/);
    const short = await put(random(10, 0, 0, 0, [5, 1, 1, 1]));
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('试卷总分50分，与班级考试总分100分不一致');
    const odd = await put(random(10, 0, 0, 0, [0.3, 1, 1, 1]));
    expect(odd.status).toBe(400);
    // a kind drawn is worth something; one drawn 0 times may say 0 分 (helper-85: it was refused)
    const worthless = await put(random(10, 4, 10, 0, [5, 0, 3, 0]));
    expect(worthless.status).toBe(400);
    expect(worthless.body.msg).toContain('每题分值至少0.5分');
  });

  it('draws each learner a paper by the counts and points set', async () => {
    const saved = await put(random(10, 4, 10, 0, [5, 5, 3, 0]));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ total: 100, problems: [] });
    expect(saved.body.data.sample).toHaveLength(24);
    const { paper } = await sit('paper-random');
    expect(paper.status, paper.text).toBe(200);
    const kinds = paper.body.data.questions.map((q: { kind: string }) => q.kind);
    expect(kinds.filter((k: string) => k === 'single')).toHaveLength(10);
    expect(kinds.filter((k: string) => k === 'fill')).toHaveLength(0);
    expect(paper.body.data.questions.reduce((s: number, q: { points: number }) => s + q.points, 0)).toBe(100);
  });

  it("tells the learner the marks his paper is scored against when the class's total changed after the paper was set", async () => {
    const cls = (await server.request('GET', '/api/manage/classes', { headers: as() })).body.data.records.find(
      (c: { id: string }) => c.id === classId,
    );
    const setMarks = (totalScore: number, passScore: number) =>
      server.request('PUT', `/api/manage/classes/${classId}`, {
        json: { rules: { ...cls.rules, exam: { ...cls.rules.exam, totalScore, passScore } } },
        headers: as(),
      });
    expect((await setMarks(50, 30)).status).toBe(200);
    try {
      // the paper set for 100 is scored against 100, its pass mark the class's share of it
      const { token, paper } = await sit('paper-remarked');
      expect(paper.body.data.rules).toMatchObject({ totalScore: 100, passScore: 60 });
      const summary = await server.request('GET', `/api/exam/mock/summary?trainClassCourseId=${classCourseId}`, {
        headers: as(token),
      });
      expect(summary.body.data.rules).toMatchObject({ totalScore: 100, passScore: 60 });
      const handedIn = await server.request('POST', '/api/exam/mock/submit', {
        json: { attemptId: paper.body.data.attemptId, answers: {} },
        headers: as(token),
      });
      expect(handedIn.body.data).toMatchObject({ totalScore: 100, passScore: 60 });
    } finally {
      await setMarks(cls.rules.exam.totalScore, cls.rules.exam.passScore);
    }
  });

  it('sits a fixed paper with shuffled options, scored by the key that moved with them', async () => {
    const singles = await server.ctx.db
      .selectFrom('questions')
      .select(['id', 'options', 'answer'])
      .where('book_id', '=', bookId)
      .where('kind', '=', 'single')
      .where('retired_at', 'is', null)
      .orderBy('sort_order')
      .limit(4)
      .execute();
    const saved = await put({
      mode: 'fixed',
      questions: singles.map((q) => ({ questionId: q.id, points: 25 })),
      shuffleOptions: true,
    });
    expect(saved.status, saved.text).toBe(200);
    const { token, paper } = await sit('paper-fixed');
    const questions = paper.body.data.questions as Array<{ questionId: string; options: string[] }>;
    expect(questions.map((q) => q.questionId).sort()).toEqual(singles.map((q) => q.id).sort());
    // each option still there, the right one found by its text
    const answers = Object.fromEntries(
      questions.map((q) => {
        const original = singles.find((s) => s.id === q.questionId)!;
        const options = JSON.parse(original.options) as string[];
        const rightText = options[(JSON.parse(original.answer) as string).charCodeAt(0) - 65];
        expect([...q.options].sort()).toEqual([...options].sort());
        return [q.questionId, String.fromCharCode(65 + q.options.indexOf(rightText!))];
      }),
    );
    const review = await server.request('POST', '/api/exam/mock/submit', {
      json: { attemptId: paper.body.data.attemptId, answers },
      headers: as(token),
    });
    expect(review.body.data).toMatchObject({ score: 100, passed: true });
    // a question of the fixed paper is not retired from under it (its learners could sit no more)
    const retired = await server.request('DELETE', `/api/manage/questions/${singles[0]!.id}`, { headers: as() });
    expect(retired.status).toBe(409);
    expect(retired.body.msg).toBe(
      '这道题在1个班级课程的固定试卷中，停用后这些课程的考试将无法组卷：请先在班级的“试卷”中换下这道题',
    );
  });

  it('draws a paper from questions imported from a sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('试题');
    ws.addRow(['题型', '题干', '选项A', '选项B', '选项C', '答案']);
    ws.addRow(['单选题', '导入题一：动火作业须办理（  ）。', '动火证', '出门证', '请假条', 'A']);
    ws.addRow(['多选题', '导入题二：受限空间作业须（  ）。', '通风', '检测', '单人进入', 'AB']);
    ws.addRow(['判断题', '导入题三：可以用水扑救电气火灾。', '', '', '', '错']);
    ws.addRow(['填空题', '导入题四：火警电话是____。', '', '', '', '119']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from(await workbook.xlsx.writeBuffer()))]), 'q.xlsx');
    const imported = await server.request('POST', `/api/manage/question-books/${bookId}/questions/import`, {
      body: form,
      headers: as(),
    });
    expect(imported.body.data, imported.text).toEqual({ created: 4, errors: [] });
    const ids = (
      await server.ctx.db
        .selectFrom('questions')
        .select('id')
        .where('book_id', '=', bookId)
        .where('stem', 'like', '导入题%')
        .execute()
    ).map((q) => q.id);
    expect(ids).toHaveLength(4);
    const saved = await put({
      mode: 'fixed',
      questions: ids.map((questionId) => ({ questionId, points: 25 })),
      shuffleOptions: false,
    });
    expect(saved.status, saved.text).toBe(200);
    const { token, paper } = await sit('paper-imported');
    const stems = paper.body.data.questions.map((q: { stem: string }) => q.stem).sort();
    expect(stems.every((stem: string) => stem.startsWith('导入题'))).toBe(true);
    const byStem = (prefix: string) =>
      paper.body.data.questions.find((q: { stem: string }) => q.stem.startsWith(prefix)).questionId as string;
    const review = await server.request('POST', '/api/exam/mock/submit', {
      json: {
        attemptId: paper.body.data.attemptId,
        answers: {
          [byStem('导入题一')]: 'A',
          [byStem('导入题二')]: ['A', 'B'],
          [byStem('导入题三')]: false,
          [byStem('导入题四')]: ['119'],
        },
      },
      headers: as(token),
    });
    expect(review.body.data).toMatchObject({ score: 100, passed: true });
  });

  it('goes back to the default plan, and keeps another organisation out', async () => {
    const reset = await put(null);
    expect(reset.body.data).toMatchObject({ rules: null, total: 100 });
    await addOrganisation(server, '10018', '另一家单位');
    await addLearner(server, { account: 'other-admin18', password: 'other1234', role: 'admin', orgCode: '10018' });
    const other = (await login(server, 'other-admin18', 'other1234')).body.data.credentials.accessToken;
    expect((await server.request('GET', url(), { headers: as(other) })).status).toBe(404);
    expect((await put(random(10, 5, 10, 2, [4, 6, 2, 5]), other)).status).toBe(404);
  });

  it('previews, on a bank short of the default plan, the paper a learner sits: fewer of a kind, the points adding up to the total', async () => {
    await put(null);
    const judges = await server.ctx.db
      .selectFrom('questions')
      .select('id')
      .where('book_id', '=', bookId)
      .where('kind', '=', 'judge')
      .where('retired_at', 'is', null)
      .execute();
    expect(judges.length).toBeGreaterThan(3);
    await server.ctx.db
      .updateTable('questions')
      .set({ retired_at: Date.now() })
      .where(
        'id',
        'in',
        judges.slice(3).map((q) => q.id),
      )
      .execute();
    const setup = (await server.request('GET', url(), { headers: as() })).body.data;
    // the default plan wants 10 判断题: the paper takes the 3 there are, nothing stops it — but
    // the manager is told the paper is short of the plan, and what a question is worth
    expect(setup.problems).toEqual([
      expect.stringMatching(
        /^题库试题不足：默认每份试卷27道题，本课程题库只能抽出20道（每题最高\d+(\.\d)?分）。考试仍可进行/,
      ),
    ]);
    expect(setup.sample.filter((q: { kind: string }) => q.kind === 'judge')).toHaveLength(3);
    const points = (qs: Array<{ points: number }>) => qs.reduce((sum, q) => sum + q.points, 0);
    expect(points(setup.sample)).toBe(100);
    expect(setup.total).toBe(100);
    const { paper } = await sit('paper-short-bank');
    expect(paper.status, paper.text).toBe(200);
    expect(paper.body.data.questions).toHaveLength(setup.sample.length);
    expect(points(paper.body.data.questions)).toBe(100);
  });
});
