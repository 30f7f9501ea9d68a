import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  addLearner,
  dialects,
  enrolInDemoClass,
  login,
  startServer,
  type TestServer,
  tomorrowAt,
} from '../../../test/harness.js';
import { settleOverdueAttempts } from './exam.service.js';
import { WRONG_BOOK_STREAK } from './practice.service.js';
import { pdfPagesText } from '../../../test/pdf-text.js';

interface Key {
  id: string;
  kind: string;
  answer: string;
  analysis: string;
}

/** The answer a learner would give to get a question right, from its stored key. */
const rightAnswer = (q: Key): unknown => {
  const key: unknown = JSON.parse(q.answer);
  return q.kind === 'fill' ? (key as string[][]).map((alts) => alts[0]) : key;
};
const wrongAnswer = (q: Key): unknown =>
  q.kind === 'judge' ? !JSON.parse(q.answer) : q.kind === 'single' ? (q.answer === '"A"' ? 'B' : 'A') : ['Z'];

describe.each(dialects)('practice and exams on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(1);
  let token: string;
  let bookId: string;
  let classCourseId: string;
  let bank: Key[];

  const auth = (t = token) => ({ Authorization: t });
  const get = (url: string, t = token) => server.request('GET', url, { headers: auth(t) });
  const post = (url: string, json: unknown, t = token) => server.request('POST', url, { json, headers: auth(t) });
  /** The class of the course these exams are for. */
  const demoClassId = async () =>
    (
      await server.ctx.db
        .selectFrom('train_class_courses')
        .select('class_id')
        .where('id', '=', classCourseId)
        .executeTakeFirstOrThrow()
    ).class_id;
  const learner = async (account: string) => {
    await enrolInDemoClass(server, await addLearner(server, { account, password: `${account}-pass` }));
    return (await login(server, account, `${account}-pass`)).body.data.credentials.accessToken as string;
  };
  /** Nothing a learner sees before answering may carry a key or an analysis. */
  const expectNoKeys = (text: string, questions: Key[]) => {
    for (const q of questions) {
      expect(text).not.toContain(q.analysis);
      expect(text).not.toContain('"answer"');
    }
  };

  beforeAll(async () => {
    // a day's tokens: the timer test moves the clock past a two-hour exam
    server = await startServer({ databaseUrl, now: () => now, env: { ACCESS_TOKEN_MINUTES: '1440' } });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const mine = await get('/api/train/person/select-page');
    const courses = await get(
      `/api/train/cls_course/select-page?trainPersonId=${mine.body.data.records[0].trainPersonId}`,
    );
    bookId = courses.body.data.records[0].courseBookId;
    classCourseId = courses.body.data.records[0].trainClassCourseId;
    bank = await server.ctx.db
      .selectFrom('questions')
      .select(['id', 'kind', 'answer', 'analysis'])
      .where('book_id', '=', bookId)
      .orderBy('sort_order')
      .execute();
  });
  afterAll(() => server.close());

  it('has a real question bank of every kind for each demo course', () => {
    expect(bank.length).toBeGreaterThanOrEqual(30);
    expect(new Set(bank.map((q) => q.kind))).toEqual(new Set(['single', 'multiple', 'judge', 'fill']));
    expect(bank.every((q) => q.analysis.length > 0)).toBe(true);
  });

  it('practises in order, reveals the key only after an answer, and resumes where it stopped', async () => {
    const first = await get(`/api/exam/practice/next?courseBookId=${bookId}&mode=sequential`);
    expect(first.body.data).toMatchObject({ position: 1, total: bank.length, question: { questionId: bank[0]!.id } });
    expectNoKeys(first.text, bank);

    const answered = await post('/api/exam/practice/answer', {
      courseBookId: bookId,
      questionId: bank[0]!.id,
      mode: 'sequential',
      answer: wrongAnswer(bank[0]!),
    });
    expect(answered.body.data).toMatchObject({ correct: false, analysis: bank[0]!.analysis, wrongBook: 1 });
    expect(answered.body.data.correctAnswer).toEqual(rightAnswer(bank[0]!));

    // answering some other question does not move sequential practice along
    await post('/api/exam/practice/answer', {
      courseBookId: bookId,
      questionId: bank[5]!.id,
      mode: 'sequential',
      answer: rightAnswer(bank[5]!),
    });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const resumed = await get(`/api/exam/practice/next?courseBookId=${bookId}&mode=sequential`);
    expect(resumed.body.data).toMatchObject({
      position: 2,
      answered: 2,
      correct: 1,
      question: { questionId: bank[1]!.id },
    });
  });

  it(`keeps a wrong answer in the book until it is answered right ${WRONG_BOOK_STREAK} times in a row`, async () => {
    const q = bank[0]!;
    const fromBook = await get(`/api/exam/practice/next?courseBookId=${bookId}&mode=wrong`);
    expect(fromBook.body.data).toMatchObject({ wrongBook: 1, question: { questionId: q.id } });
    const answer = (value: unknown) =>
      post('/api/exam/practice/answer', { courseBookId: bookId, questionId: q.id, mode: 'wrong', answer: value });
    expect((await answer(rightAnswer(q))).body.data).toMatchObject({
      correct: true,
      streak: 1,
      removedFromWrongBook: false,
    });
    // a slip starts the count again
    expect((await answer(wrongAnswer(q))).body.data).toMatchObject({ correct: false, wrongBook: 1 });
    await answer(rightAnswer(q));
    expect((await answer(rightAnswer(q))).body.data).toMatchObject({ removedFromWrongBook: true, wrongBook: 0 });
    const empty = await get(`/api/exam/practice/next?courseBookId=${bookId}&mode=wrong`);
    expect(empty.body.data).toMatchObject({ question: null, wrongBook: 0 });
    const random = await get(`/api/exam/practice/next?courseBookId=${bookId}&mode=random`);
    expect(bank.map((b) => b.id)).toContain(random.body.data.question.questionId);
  });

  it('keeps practice to learners of the course', async () => {
    await addLearner(server, { account: 'outsider', password: 'outsider-pass' });
    const outsider = (await login(server, 'outsider', 'outsider-pass')).body.data.credentials.accessToken;
    expect((await get(`/api/exam/practice/next?courseBookId=${bookId}`, outsider)).status).toBe(403);
    expect((await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, outsider)).status).toBe(404);
  });

  it('sits a timed exam scored on the server, reveals nothing before hand-in, and records the pass', async () => {
    const started = await post('/api/exam/mock/start', { trainClassCourseId: classCourseId });
    const paper = started.body.data;
    expect(paper.questions).toHaveLength(27);
    expect(paper.questions.reduce((s: number, q: { points: number }) => s + q.points, 0)).toBe(100);
    expect(paper.rules).toMatchObject({ durationMinutes: 120, totalScore: 100, passScore: 80, retakes: 1 });
    expect(paper.secondsLeft).toBe(120 * 60);
    expectNoKeys(started.text, bank);
    // resuming gives the same paper, the clock still running
    now += 60_000;
    const resumed = await post('/api/exam/mock/start', { trainClassCourseId: classCourseId });
    expect(resumed.body.data).toMatchObject({ attemptId: paper.attemptId, secondsLeft: 119 * 60 });
    const early = await get(`/api/exam/mock/review/${paper.attemptId}`);
    expect(early.status).toBe(409);
    expectNoKeys(early.text, bank);

    const byId = new Map(bank.map((q) => [q.id, q]));
    const answers = Object.fromEntries(
      paper.questions.map((q: { questionId: string }) => [q.questionId, rightAnswer(byId.get(q.questionId)!)]),
    );
    const half = Object.fromEntries(Object.entries(answers).slice(0, 10));
    expect((await post('/api/exam/mock/save', { attemptId: paper.attemptId, answers: half })).status).toBe(200);
    const review = await post('/api/exam/mock/submit', { attemptId: paper.attemptId, answers });
    expect(review.body.data).toMatchObject({ score: 100, passed: true, late: false, status: 'submitted' });
    expect(review.body.data.items[0]).toMatchObject({ correct: true, analysis: expect.any(String) });
    // a second hand-in changes nothing
    const again = await post('/api/exam/mock/submit', { attemptId: paper.attemptId, answers: {} });
    expect(again.body.data.score).toBe(100);

    const trainPersonId = (await get('/api/train/person/select-page')).body.data.records[0].trainPersonId;
    const course = await get(`/api/train/cls_course/select-page?trainPersonId=${trainPersonId}`);
    const record = course.body.data.records.find(
      (c: { trainClassCourseId: string }) => c.trainClassCourseId === classCourseId,
    );
    expect(record).toMatchObject({ sysScore: 100, examRequired: true, examPassed: true });
    expect((await post('/api/exam/mock/start', { trainClassCourseId: classCourseId })).body.msg).toBe(
      '您已通过本课程考试',
    );
  });

  it('keeps practice closed while an exam runs, and parallel starts share one paper', async () => {
    const racer = await learner('racer');
    const starts = await Promise.all(
      Array.from({ length: 4 }, () => post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, racer)),
    );
    expect(starts.every((r) => r.status === 200)).toBe(true);
    expect(new Set(starts.map((r) => r.body.data.attemptId)).size).toBe(1);
    const summary = await get(`/api/exam/mock/summary?trainClassCourseId=${classCourseId}`, racer);
    expect(summary.body.data.attemptsUsed).toBe(1);

    const peek = await post(
      '/api/exam/practice/answer',
      { courseBookId: bookId, questionId: starts[0]!.body.data.questions[0].questionId, mode: 'random', answer: 'A' },
      racer,
    );
    expect(peek.status).toBe(409);
    expectNoKeys(peek.text, bank);
    expect((await get(`/api/exam/practice/next?courseBookId=${bookId}&mode=random`, racer)).status).toBe(409);
    await post('/api/exam/mock/submit', { attemptId: starts[0]!.body.data.attemptId, answers: {} }, racer);
    expect((await get(`/api/exam/practice/next?courseBookId=${bookId}&mode=random`, racer)).status).toBe(200);
  });

  it('shows no key while a paper on the same course book is open in another of his classes', async () => {
    const twice = await learner(`twice-${databaseUrl ? 'pg' : 'lite'}`);
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const personId = (
      await server.ctx.db
        .selectFrom('persons')
        .select('id')
        .where('account', '=', `twice-${databaseUrl ? 'pg' : 'lite'}`)
        .executeTakeFirstOrThrow()
    ).id;
    const second = await post(
      '/api/manage/classes',
      {
        name: `同课程第二班${databaseUrl ? 'pg' : 'lite'}`,
        bookIds: [bookId],
        rules: {
          faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
          exam: { required: true, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
        },
      },
      admin,
    );
    expect(second.status, second.text).toBe(200);
    await post(`/api/manage/classes/${second.body.data.id}/enrol`, { personIds: [personId] }, admin);
    const otherCourseId = (
      await server.ctx.db
        .selectFrom('train_class_courses')
        .select('id')
        .where('class_id', '=', second.body.data.id)
        .executeTakeFirstOrThrow()
    ).id;

    const first = await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, twice);
    expect(first.status, first.text).toBe(200);
    // the same bank's second paper waits for the first to be handed in (its review would show the keys)
    const refused = await post('/api/exam/mock/start', { trainClassCourseId: otherCourseId }, twice);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('同一课程的另一场考试正在进行，交卷后才能开始本场考试');
    expect(
      (await post('/api/exam/mock/submit', { attemptId: first.body.data.attemptId, answers: {} }, twice)).status,
    ).toBe(200);
    const next = await post('/api/exam/mock/start', { trainClassCourseId: otherCourseId }, twice);
    expect(next.status, next.text).toBe(200);
    // while it runs, the first paper's review (its keys) waits too
    const review = await get(`/api/exam/mock/review/${first.body.data.attemptId}`, twice);
    expect(review.status).toBe(409);
    expect(review.body.msg).toBe('考试进行中，交卷后才能查看考试回顾');
    expectNoKeys(review.text, bank);
    await post('/api/exam/mock/submit', { attemptId: next.body.data.attemptId, answers: {} }, twice);
    expect((await get(`/api/exam/mock/review/${first.body.data.attemptId}`, twice)).status).toBe(200);
  });

  it('counts only answers saved before the deadline, however late the hand-in', async () => {
    const late = await learner('late-one');
    const paper = (await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, late)).body.data;
    const byId = new Map(bank.map((q) => [q.id, q]));
    const right = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, rightAnswer(byId.get(id)!)]));
    const ids: string[] = paper.questions.map((q: { questionId: string }) => q.questionId);
    await post('/api/exam/mock/save', { attemptId: paper.attemptId, answers: right(ids.slice(0, 5)) }, late);
    now += 121 * 60_000; // the deadline (and its grace) has passed
    const refused = await post('/api/exam/mock/save', { attemptId: paper.attemptId, answers: right(ids) }, late);
    expect(refused.status).toBe(409);
    const review = await post('/api/exam/mock/submit', { attemptId: paper.attemptId, answers: right(ids) }, late);
    const expected = paper.questions.slice(0, 5).reduce((s: number, q: { points: number }) => s + q.points, 0);
    expect(review.body.data).toMatchObject({ status: 'expired', late: true, score: expected, passed: false });
  });

  it('closes an exam left open past its time, though the learner never comes back: scored on what he saved', async () => {
    const gone = await learner('walked-away');
    const paper = (await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, gone)).body.data;
    const byId = new Map(bank.map((q) => [q.id, q]));
    const answers = Object.fromEntries(
      paper.questions.map((q: { questionId: string }) => [q.questionId, rightAnswer(byId.get(q.questionId)!)]),
    );
    await post('/api/exam/mock/save', { attemptId: paper.attemptId, answers }, gone);
    const attempt = () =>
      server.ctx.db
        .selectFrom('exam_attempts')
        .select(['status', 'score', 'submitted_at', 'deadline_at', 'train_person_id'])
        .where('id', '=', paper.attemptId)
        .executeTakeFirstOrThrow();
    // still within its time (and grace): left alone
    now += 120 * 60_000;
    expect(await settleOverdueAttempts(server.ctx)).toBe(0);
    expect((await attempt()).status).toBe('open');
    now += 31_000;
    expect(await settleOverdueAttempts(server.ctx)).toBe(1);
    const closed = await attempt();
    expect(closed).toMatchObject({ status: 'expired', score: 100, submitted_at: closed.deadline_at });
    // the pass is on his course record, dated when the time ran out
    const course = await server.ctx.db
      .selectFrom('train_person_courses')
      .select(['sys_score', 'exam_passed_at'])
      .where('train_person_id', '=', closed.train_person_id)
      .where('class_course_id', '=', classCourseId)
      .executeTakeFirstOrThrow();
    expect(course).toEqual({ sys_score: 100, exam_passed_at: closed.deadline_at });

    // the manager's sheet of results closes one not yet swept before it is written
    const another = await learner('walked-away-too');
    const second = (await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, another)).body.data;
    now += 121 * 60_000;
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    // so does his 学习档案, read before any sweep: 超时交卷, never 答题中
    const walker = await server.ctx.db
      .selectFrom('persons')
      .select('id')
      .where('account', '=', 'walked-away-too')
      .executeTakeFirstOrThrow();
    const record = await get(`/api/manage/reports/learners/${walker.id}`, admin);
    expect(record.status, record.text).toBe(200);
    const examsOf = (record.body.data.classes as Array<{ examAttempts: Array<{ status: string }> }>).flatMap(
      (c) => c.examAttempts,
    );
    expect(examsOf.map((a) => a.status)).toEqual(['expired']);
    const classId = await demoClassId();
    const res = await fetch(`${server.baseUrl}/api/manage/exam-attempts/export?classId=${classId}`, {
      headers: auth(admin),
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const statuses = sheet.getColumn(header.indexOf('状态')).values.slice(2).map(String);
    expect(statuses).not.toContain('答题中');
    expect(statuses).toContain('超时交卷');
    // which attempt each was, and how long it took: one closed at its deadline took the whole 120 minutes
    const column = (name: string) => sheet.getColumn(header.indexOf(name)).values.slice(2);
    expect(column('第几次').every((n) => Number(n) >= 1)).toBe(true);
    const took = column('用时（分钟）');
    expect(statuses.map((st, i) => (st === '超时交卷' ? took[i] : undefined)).filter((v) => v !== undefined)).toEqual(
      statuses.filter((st) => st === '超时交卷').map(() => 120),
    );
    expect(
      (
        await server.ctx.db
          .selectFrom('exam_attempts')
          .select('status')
          .where('id', '=', second.attemptId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('expired');
  });

  it("starts no paper outside the class's training period, but lets one begun in it be handed in", async () => {
    const late = await learner(`late-${databaseUrl ? 'pg' : 'lite'}`);
    const classId = await demoClassId();
    const before = await server.ctx.db
      .selectFrom('train_classes')
      .select(['end_date', 'closed_at'])
      .where('id', '=', classId)
      .executeTakeFirstOrThrow();
    const setClass = (values: { end_date?: number | null; closed_at?: number | null }) =>
      server.ctx.db.updateTable('train_classes').set(values).where('id', '=', classId).execute();
    try {
      const start = () => post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, late);
      // a paper begun while the class runs…
      const paper = (await start()).body.data;
      // …the class then closed (结课): no new paper, and the one begun is handed in up to its deadline
      await setClass({ closed_at: now });
      const resumed = await start();
      expect(resumed.status, resumed.text).toBe(200);
      expect(resumed.body.data.attemptId).toBe(paper.attemptId);
      const review = await post('/api/exam/mock/submit', { attemptId: paper.attemptId, answers: {} }, late);
      expect(review.status, review.text).toBe(200);
      const refused = await start();
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('不在班级培训期内（未开始、已到期或已结课），不能参加考试');
      // past its end day as well
      await setClass({ closed_at: null, end_date: now - 3 * 86_400_000 });
      expect((await start()).body.msg).toBe('不在班级培训期内（未开始、已到期或已结课），不能参加考试');
      // and nothing was written: his one try is the paper he handed in; the exam's page and his
      // course record say the class is outside its period (no 开始考试 offered)
      const summary = await get(`/api/exam/mock/summary?trainClassCourseId=${classCourseId}`, late);
      expect(summary.body.data).toMatchObject({ attemptsUsed: 1, inPeriod: false });
      const trainPersonId = (await get('/api/train/person/select-page', late)).body.data.records[0].trainPersonId;
      const record = (
        (await get(`/api/train/cls_course/select-page?trainPersonId=${trainPersonId}`, late)).body.data
          .records as Array<{
          trainClassCourseId: string;
          inPeriod: boolean;
        }>
      ).find((c) => c.trainClassCourseId === classCourseId);
      expect(record?.inPeriod).toBe(false);
      await setClass({ end_date: before.end_date });
      expect((await get(`/api/exam/mock/summary?trainClassCourseId=${classCourseId}`, late)).body.data.inPeriod).toBe(
        true,
      );
    } finally {
      await setClass({ end_date: before.end_date, closed_at: before.closed_at });
    }
  });

  it('allows one retake, then no more', async () => {
    const unlucky = await learner('unlucky');
    for (let i = 0; i < 2; i++) {
      const paper = (await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, unlucky)).body.data;
      const review = await post('/api/exam/mock/submit', { attemptId: paper.attemptId, answers: {} }, unlucky);
      expect(review.body.data).toMatchObject({ score: 0, passed: false });
      // what he got wrong (here, all of it) is in his 错题本, to practise before the retake
      const book = await get(`/api/exam/wrong-book?courseBookId=${bookId}`, unlucky);
      const asked = (paper.questions as Array<{ questionId: string }>).map((q) => q.questionId).sort();
      expect((book.body.data.records as Array<{ questionId: string }>).map((q) => q.questionId).sort()).toEqual(
        expect.arrayContaining(asked),
      );
    }
    const third = await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, unlucky);
    expect(third.status).toBe(409);
    expect(third.body.msg).toBe('考试次数已用完，请联系培训管理员');
    const summary = await get(`/api/exam/mock/summary?trainClassCourseId=${classCourseId}`, unlucky);
    expect(summary.body.data).toMatchObject({ attemptsUsed: 2, attemptsAllowed: 2, passed: false, bestScore: 0 });
    // and someone else's paper stays theirs
    const attemptId = summary.body.data.attempts[0].attemptId;
    expect((await get(`/api/exam/mock/review/${attemptId}`)).status).toBe(404);

    // 允许补考: his manager allows one more (he stayed 学习中 for good), once, and he is told
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const trainPersonId = (await get('/api/train/person/select-page', unlucky)).body.data.records[0].trainPersonId;
    const grant = () => post('/api/manage/exam-attempts/grant', { trainPersonId, classCourseId }, admin);
    // a learner cannot grant himself one
    expect((await post('/api/manage/exam-attempts/grant', { trainPersonId, classCourseId }, unlucky)).status).toBe(403);
    // 我的学习 says no try is left (not 去考试), until one is granted
    const triesLeft = async () =>
      (
        (await get(`/api/train/cls_course/select-page?trainPersonId=${trainPersonId}`, unlucky)).body.data
          .records as Array<{ trainClassCourseId: string; examTriesLeft: number | null }>
      ).find((c) => c.trainClassCourseId === classCourseId)?.examTriesLeft;
    expect(await triesLeft()).toBe(0);
    const granted = await grant();
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.data).toEqual({ attemptsUsed: 2, attemptsAllowed: 3 });
    expect(await triesLeft()).toBe(1);
    // not twice while the one granted is unused
    const again = await grant();
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该学员还有考试机会（已考 2 次，共 3 次）');
    const record = await get(
      `/api/manage/reports/learners/${(await get('/api/user/info', unlucky)).body.data.userId}`,
      admin,
    );
    expect(
      record.body.data.classes[0].courses.find(
        (c: { trainClassCourseId: string }) => c.trainClassCourseId === classCourseId,
      ),
    ).toMatchObject({
      examAttemptsUsed: 2,
      examAttemptsAllowed: 3,
      examAttemptsGranted: 1,
      // he sat its exam without studying: the course is begun, not 未开始
      status: 'studying',
    });
    // and his 一人一档 says so: a regulator counting three attempts where the class allows two
    const archive = await fetch(
      `${server.baseUrl}/api/manage/archives/person/${(await get('/api/user/info', unlucky)).body.data.userId}.pdf`,
      { headers: auth(admin) },
    );
    expect(archive.status).toBe(200);
    expect((await pdfPagesText(await archive.arrayBuffer())).join('')).toContain('考试已用 2/3 次（含补考 1 次）');
    const fourth = await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, unlucky);
    expect(fourth.status, fourth.text).toBe(200);
    expect(fourth.body.data.attemptsAllowed).toBe(3);
    const notices = await get('/notice/getList', unlucky);
    expect(JSON.stringify(notices.body.data)).toContain('已为您开放补考');
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'exam.grant-attempt')
      .execute();
    expect(audit).toHaveLength(1);
    // 学习情况's sheet says how many attempts he made at the course, and his best score
    const classId = await demoClassId();
    const res = await fetch(
      `${server.baseUrl}/api/manage/reports/class-progress/export?classId=${classId}&classCourseId=${classCourseId}&q=unlucky`,
      { headers: auth(admin) },
    );
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const row = sheet.getRow(2);
    expect(row.getCell(header.indexOf('考试次数')).value).toBe(3);
    expect(row.getCell(header.indexOf('最高成绩')).value).toBe(0);
  });

  it('opens the exam of a class set so only once the course is studied', async () => {
    const eager = await learner('eager');
    const classRow = await server.ctx.db
      .selectFrom('train_class_courses')
      .innerJoin('train_classes', 'train_classes.id', 'train_class_courses.class_id')
      .select(['train_classes.id', 'train_classes.rules'])
      .where('train_class_courses.id', '=', classCourseId)
      .executeTakeFirstOrThrow();
    const rules = JSON.parse(classRow.rules);
    const setRules = (value: unknown) =>
      server.ctx.db
        .updateTable('train_classes')
        .set({ rules: JSON.stringify(value) })
        .where('id', '=', classRow.id)
        .execute();
    await setRules({ ...rules, exam: { ...rules.exam, afterStudy: true } });
    try {
      const summary = () => get(`/api/exam/mock/summary?trainClassCourseId=${classCourseId}`, eager);
      expect((await summary()).body.data).toMatchObject({ studyDone: false, rules: { afterStudy: true } });
      const early = await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, eager);
      expect(early.status).toBe(409);
      expect(early.body.msg).toBe('请先学完本课程的全部课件，再参加考试');
      // every unit watched to its end and the course's 学时 met
      const member = (await get('/api/train/person/select-page', eager)).body.data.records[0].trainPersonId;
      await server.ctx.db
        .updateTable('train_warp_courses')
        .set({ learn_status: 2 })
        .where('train_person_id', '=', member)
        .where('class_course_id', '=', classCourseId)
        .execute();
      await server.ctx.db
        .updateTable('train_person_courses')
        .set({ studied_seconds: 36_000 })
        .where('train_person_id', '=', member)
        .where('class_course_id', '=', classCourseId)
        .execute();
      expect((await summary()).body.data.studyDone).toBe(true);
      const started = await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, eager);
      expect(started.status).toBe(200);
      // the class's other courses done already: passing this exam completes the class, and its
      // certificate is issued without his asking
      await server.ctx.db
        .updateTable('train_person_courses')
        .set({ learn_status: 2 })
        .where('train_person_id', '=', member)
        .where('class_course_id', '!=', classCourseId)
        .execute();
      const byId = new Map(bank.map((q) => [q.id, q]));
      const answers = Object.fromEntries(
        started.body.data.questions.map((q: { questionId: string }) => [
          q.questionId,
          rightAnswer(byId.get(q.questionId)!),
        ]),
      );
      const handedIn = await post('/api/exam/mock/submit', { attemptId: started.body.data.attemptId, answers }, eager);
      expect(handedIn.body.data.passed).toBe(true);
      await expect
        .poll(
          async () =>
            (
              await server.ctx.db
                .selectFrom('certificates')
                .select('status')
                .where('train_person_id', '=', member)
                .execute()
            ).map((c) => c.status),
          { timeout: 15_000 },
        )
        .toEqual(['valid']);
    } finally {
      await setRules(rules);
    }
  });

  it('keeps the questions of a paper as they were drawn, whatever the manager edits meanwhile', async () => {
    const careful = await learner('careful');
    const admin = (await login(server, 'admin', 'admin1234')).body.data.credentials.accessToken;
    const paper = (await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, careful)).body.data;
    const first = paper.questions.find((q: { kind: string }) => q.kind === 'single') as {
      questionId: string;
      stem: string;
    };
    const key = bank.find((q) => q.id === first.questionId)!;
    const original = JSON.parse(key.answer) as string;
    // the manager rewrites that question while the paper is open: a new stem and another key
    const bankRow = (
      await server.request('GET', `/api/manage/question-books/${bookId}/questions?size=100&kind=single`, {
        headers: auth(admin),
      })
    ).body.data.records.find((q: { id: string }) => q.id === first.questionId);
    const otherLetter = original === 'A' ? 'B' : 'A';
    const edited = await server.request('PUT', `/api/manage/questions/${first.questionId}`, {
      json: { ...bankRow, id: undefined, imageUrl: undefined, stem: `${bankRow.stem}（修订）`, answer: otherLetter },
      headers: auth(admin),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ stem: `${bankRow.stem}（修订）`, answer: otherLetter });

    // resuming shows the paper as drawn; the answer that was right when drawn scores
    const resumed = (await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, careful)).body.data;
    expect(resumed.questions.find((q: { questionId: string }) => q.questionId === first.questionId).stem).toBe(
      first.stem,
    );
    const review = (
      await post(
        '/api/exam/mock/submit',
        { attemptId: paper.attemptId, answers: { [first.questionId]: original } },
        careful,
      )
    ).body.data;
    const item = review.items.find((q: { questionId: string }) => q.questionId === first.questionId);
    expect(item).toMatchObject({ stem: first.stem, correct: true, correctAnswer: original });

    // edited again after hand-in: the review still reads the paper's copy
    await server.request('PUT', `/api/manage/questions/${first.questionId}`, {
      json: { ...bankRow, id: undefined, imageUrl: undefined, stem: `${bankRow.stem}（再修订）`, answer: original },
      headers: auth(admin),
    });
    const later = (await get(`/api/exam/mock/review/${paper.attemptId}`, careful)).body.data;
    expect(later.items.find((q: { questionId: string }) => q.questionId === first.questionId).stem).toBe(first.stem);
  });

  it("shows a question's image in practice, the exam and its review; a paper keeps the image it was drawn with", async () => {
    const admin = (await login(server, 'admin', 'admin1234')).body.data.credentials.accessToken;
    const { facePhotos } = await import('../../../test/face-photos.js');
    const setImage = (questionId: string, t: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(facePhotos.hopper())]), 'diagram.jpg');
      return server.request('POST', `/api/file/upload?otcType=QuestionImage&otcId=${questionId}`, {
        body: form,
        headers: auth(t),
      });
    };
    const first = bank[0]!;
    const pictured = await learner('pictured');
    // neither a learner nor another organisation's manager sets one
    expect((await setImage(first.id, pictured)).status).toBe(403);
    const { addOrganisation } = await import('../../../test/harness.js');
    await addOrganisation(server, '10020', '另一家单位');
    await addLearner(server, { account: 'other-admin20', password: 'other1234', role: 'admin', orgCode: '10020' });
    const stranger = (await login(server, 'other-admin20', 'other1234')).body.data.credentials.accessToken;
    expect((await setImage(first.id, stranger)).status).toBe(404);

    const set = await setImage(first.id, admin);
    expect(set.status, set.text).toBe(200);
    const practice = (await get(`/api/exam/practice/next?courseBookId=${bookId}&mode=sequential`, pictured)).body.data;
    expect(practice.question.questionId).toBe(first.id);
    const image = await fetch(server.baseUrl + practice.question.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    // the URL is signed: without its signature the file is refused
    expect((await fetch(server.baseUrl + practice.question.imageUrl.split('?')[0])).status).toBe(404);

    // every question pictured (the same file), so whatever the paper draws carries one
    await server.ctx.db
      .updateTable('questions')
      .set({ image_file_id: set.body.data.id })
      .where('book_id', '=', bookId)
      .execute();
    const paper = (await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, pictured)).body.data;
    const drawn = paper.questions[0] as { questionId: string; imageUrl: string | null };
    expect(drawn.imageUrl).toMatch(/^\/api\/file\//);
    // the manager takes the image off that question: practice loses it, the open paper keeps it
    const removed = await server.request('DELETE', `/api/manage/questions/${drawn.questionId}/image`, {
      headers: auth(admin),
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.imageUrl).toBeNull();
    const resumed = (await post('/api/exam/mock/start', { trainClassCourseId: classCourseId }, pictured)).body.data;
    expect(
      resumed.questions.find((q: { questionId: string }) => q.questionId === drawn.questionId).imageUrl,
    ).not.toBeNull();
    const review = (await post('/api/exam/mock/submit', { attemptId: paper.attemptId, answers: {} }, pictured)).body
      .data;
    expect(review.items.find((q: { questionId: string }) => q.questionId === drawn.questionId).imageUrl).not.toBeNull();
    await server.ctx.db.updateTable('questions').set({ image_file_id: null }).where('book_id', '=', bookId).execute();
  });
});
