import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import {
  addLearner,
  dialects,
  login,
  playUnit,
  startServer,
  tomorrowAt,
  type TestServer,
} from '../../../test/harness.js';
import { insertFaceCheck } from '../../../test/face-check-rows.js';

/** The class: its exam required, no retake — a voided sitting must not use the one try. */
const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: true, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 0, afterStudy: true },
};

/**
 * A face check a manager voids puts the learner's identity in doubt from his last trusted check
 * on: the exam sat in that stretch is voided with the credit. It stays on record as sat, counts
 * neither as a pass nor as a try; the course needs its exam again, the certificate earned with
 * it is withdrawn, and renewed once he passes again. An exam finished before that stretch stands.
 */
describe.each(dialects)('a voided check and the exam sat under it on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(4);
  let admin: string;
  const as = (token: string) => ({ Authorization: token });

  interface Learner {
    token: string;
    personId: string;
    trainPersonId: string;
    classCourseId: string;
  }

  /** A new learner in a class of his own, studied to the end of its one course book. */
  const studied = async (account: string, rules: object = RULES): Promise<Learner & { classId: string }> => {
    const personId = await addLearner(server, { account, password: 'examvoid1234' });
    const token = (await login(server, account, 'examvoid1234')).body.data.credentials.accessToken as string;
    const book = await server.ctx.db
      .selectFrom('course_books')
      .select('id')
      .where('name', '=', '消防安全基础')
      .executeTakeFirstOrThrow();
    const created = await server.request('POST', '/api/manage/classes', {
      json: { name: `考试作废班${account}`, bookIds: [book.id], rules },
      headers: as(admin),
    });
    expect(created.status, created.text).toBe(200);
    await server.request('POST', `/api/manage/classes/${created.body.data.id}/enrol`, {
      json: { personIds: [personId] },
      headers: as(admin),
    });
    const member = await server.ctx.db
      .selectFrom('train_persons as tp')
      .innerJoin('train_class_courses as cc', 'cc.class_id', 'tp.class_id')
      .select(['tp.id', 'cc.id as class_course_id'])
      .where('tp.class_id', '=', created.body.data.id)
      .executeTakeFirstOrThrow();
    const units = await server.ctx.db
      .selectFrom('train_warp_courses as w')
      .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
      .select(['w.id', 'cw.duration_seconds'])
      .where('w.train_person_id', '=', member.id)
      .orderBy('cw.sort_order')
      .execute();
    for (const u of units) {
      await playUnit(server, token, u.id, { end: u.duration_seconds, advance: (ms) => (now += ms) });
    }
    return {
      token,
      personId,
      trainPersonId: member.id,
      classCourseId: member.class_course_id,
      classId: created.body.data.id as string,
    };
  };

  /** A passed check of his, a moment from now. */
  const passed = async (l: Learner, kind: 'start' | 'exam', score = 0.7) => {
    now += 1000;
    const { checkId } = await insertFaceCheck(server, {
      personId: l.personId,
      trainPersonId: l.trainPersonId,
      kind,
      status: 'passed',
      score,
      at: now,
    });
    now += 1000;
    return checkId;
  };

  const start = (l: Learner) =>
    server.request('POST', '/api/exam/mock/start', {
      json: { trainClassCourseId: l.classCourseId },
      headers: as(l.token),
    });

  /** Every answer of a paper right, from the bank's keys. */
  const rightAnswers = async (questions: Array<{ questionId: string }>) => {
    const keys = await server.ctx.db
      .selectFrom('questions')
      .select(['id', 'kind', 'answer'])
      .where(
        'id',
        'in',
        questions.map((q) => q.questionId),
      )
      .execute();
    return Object.fromEntries(
      keys.map((q) => {
        const key: unknown = JSON.parse(q.answer);
        return [q.id, q.kind === 'fill' ? (key as string[][]).map((alts) => alts[0]) : key];
      }),
    );
  };

  /** Sits the exam with every answer right. */
  const passExam = async (l: Learner) => {
    const paper = await start(l);
    expect(paper.status, paper.text).toBe(200);
    const answers = await rightAnswers(paper.body.data.questions);
    now += 5 * 60_000;
    const handedIn = await server.request('POST', '/api/exam/mock/submit', {
      json: { attemptId: paper.body.data.attemptId, answers },
      headers: as(l.token),
    });
    expect(handedIn.status, handedIn.text).toBe(200);
    expect(handedIn.body.data.passed).toBe(true);
    return paper.body.data.attemptId as string;
  };

  const summary = async (l: Learner) =>
    (
      await server.request('GET', `/api/exam/mock/summary?trainClassCourseId=${l.classCourseId}`, {
        headers: as(l.token),
      })
    ).body.data as {
      passed: boolean;
      attemptsUsed: number;
      attemptsAllowed: number;
      bestScore: number | null;
      attempts: Array<{ attemptId: string; passed: boolean; voided: boolean; score: number | null }>;
    };
  const certificates = async (l: Learner) =>
    (await server.request('GET', '/api/base/certificate/my', { headers: as(l.token) })).body.data as Array<{
      number: string;
      status: string;
    }>;
  const voidCheck = (checkId: string) =>
    server.request('POST', `/api/manage/face-checks/${checkId}/review`, {
      json: { decision: 'void', reason: '考试时的照片不是本人' },
      headers: as(admin),
    });
  const record = async (l: Learner) =>
    (await server.request('GET', `/api/manage/reports/learners/${l.personId}`, { headers: as(admin) })).body.data
      .classes[0] as {
      status: string;
      courses: Array<{ examPassedAt: string | null; examAttemptsUsed: number; examAttemptsAllowed: number }>;
      examAttempts: Array<{ attemptId: string; passed: boolean; voided: boolean; score: number | null }>;
    };

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now, env: { ACCESS_TOKEN_MINUTES: '1440' } });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
  }, 120_000);
  afterAll(() => server.close());

  it('voids the exam a voided check let through: no pass, no try used, the certificate withdrawn until he passes again', async () => {
    const l = await studied('examvoided');
    // trusted after his study: the void below takes back no study credit, only the exam
    await passed(l, 'start');
    const examCheck = await passed(l, 'exam');
    const attemptId = await passExam(l);
    await expect.poll(async () => (await certificates(l)).map((c) => c.status), { timeout: 15_000 }).toEqual(['valid']);
    const [earned] = await certificates(l);

    const voided = await voidCheck(examCheck);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ voidedSeconds: 0, examsVoided: 1, certificateWithdrawn: earned!.number });
    // 已审核 says what the void took
    const reviewed = await server.request('GET', `/api/manage/face-checks/review?check=${examCheck}`, {
      headers: as(admin),
    });
    expect(reviewed.body.data.records[0].review).toMatchObject({
      decision: 'voided',
      voidedSeconds: 0,
      examsVoided: 1,
    });

    // the learner's page: the sitting listed as voided, the exam open to him again with his one try
    expect(await summary(l)).toMatchObject({
      passed: false,
      attemptsUsed: 0,
      attemptsAllowed: 1,
      bestScore: null,
      attempts: [{ attemptId, passed: false, voided: true, score: 100 }],
    });
    expect((await certificates(l))[0]).toMatchObject({ number: earned!.number, status: 'revoked' });
    const notice = (
      (await server.request('GET', '/notice/getList', { headers: as(l.token) })).body.data.list as Array<{
        title: string;
        notice: string;
      }>
    ).find((n) => n.title === '人脸核验已作废')?.notice;
    expect(notice).toContain(
      '此期间参加的考试（1 次）随之作废，不计成绩、不占考试次数，《消防安全基础》需要重新参加考试',
    );
    expect(notice).toContain(`本班证书（编号 ${earned!.number}）随之撤销`);
    // the manager's record of him: his study done, its exam to sit again (待考试), the sitting
    // kept and marked, no try used
    expect(await record(l)).toMatchObject({
      status: 'exam-due',
      courses: [{ examPassedAt: null, examAttemptsUsed: 0, examAttemptsAllowed: 1 }],
      examAttempts: [{ attemptId, passed: false, voided: true, score: 100 }],
    });
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'face-check.void')
      .where('target_id', '=', examCheck)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).after).toMatchObject({ examsVoided: 1, certificateWithdrawn: earned!.number });

    // he sits it again and passes: the class is complete, the certificate renewed
    now += 60_000;
    const again = await passExam(l);
    expect(again).not.toBe(attemptId);
    expect(await summary(l)).toMatchObject({ passed: true, attemptsUsed: 1 });
    await expect
      .poll(async () => (await certificates(l)).find((c) => c.status === 'valid')?.number, { timeout: 15_000 })
      .toMatch(/.+/);
    expect((await certificates(l)).find((c) => c.status === 'valid')!.number).not.toBe(earned!.number);

    // the results sheet keeps both sittings: the voided one 已作废 and no try, the retake his first
    const { class_id } = await server.ctx.db
      .selectFrom('train_persons')
      .select('class_id')
      .where('id', '=', l.trainPersonId)
      .executeTakeFirstOrThrow();
    const res = await fetch(`${server.baseUrl}/api/manage/exam-attempts/export?classId=${class_id}`, {
      headers: as(admin),
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const rows = [2, 3].map((r) =>
      ['第几次', '状态', '是否通过'].map((h) => sheet.getRow(r).getCell(header.indexOf(h)).text),
    );
    expect(rows).toEqual([
      ['', '已作废', '否'],
      ['1', '已交卷', '是'],
    ]);
  });

  it('closes a paper still open when its check is voided, and leaves an exam finished before the doubt alone', async () => {
    const early = await studied('examstands');
    await passed(early, 'exam');
    await passExam(early);
    await expect
      .poll(async () => (await certificates(early)).map((c) => c.status), { timeout: 15_000 })
      .toEqual(['valid']);
    // a trusted check after the exam, then one a manager finds was someone else
    await passed(early, 'start');
    // (a clear pass, voided from the records sheet's link: 已审核 lists it as every review)
    const later = await passed(early, 'start', 0.9);
    expect((await voidCheck(later)).body.data).toMatchObject({ examsVoided: 0, certificateWithdrawn: null });
    const reviewed = await server.request('GET', '/api/manage/face-checks/review?state=reviewed', {
      headers: as(admin),
    });
    const listed = reviewed.body.data.records.find((r: { checkId: string }) => r.checkId === later);
    expect(listed.review).toMatchObject({ decision: 'voided', examsVoided: 0 });
    expect(await summary(early)).toMatchObject({ passed: true, attemptsUsed: 1 });
    expect((await certificates(early))[0]?.status).toBe('valid');

    // a paper answered in time and never handed in, its time over before the doubt: scored at
    // its deadline and standing, not closed by the void
    const late = await studied('examlate');
    await passed(late, 'exam');
    const unhanded = await start(late);
    const saved = await server.request('POST', '/api/exam/mock/save', {
      json: { attemptId: unhanded.body.data.attemptId, answers: await rightAnswers(unhanded.body.data.questions) },
      headers: as(late.token),
    });
    expect(saved.status, saved.text).toBe(200);
    now += 2 * 3600_000;
    await passed(late, 'start');
    expect((await voidCheck(await passed(late, 'start', 0.9))).body.data).toMatchObject({ examsVoided: 0 });
    expect(await summary(late)).toMatchObject({
      passed: true,
      attempts: [{ attemptId: unhanded.body.data.attemptId, voided: false, score: 100 }],
    });

    const sitting = await studied('examopen');
    await passed(sitting, 'start');
    const examCheck = await passed(sitting, 'exam');
    const paper = await start(sitting);
    expect(paper.status, paper.text).toBe(200);
    expect((await voidCheck(examCheck)).body.data).toMatchObject({ voidedSeconds: 0, examsVoided: 1 });
    // the paper in progress is closed: nothing more is accepted on it, and a new one may start
    const handIn = await server.request('POST', '/api/exam/mock/submit', {
      json: { attemptId: paper.body.data.attemptId, answers: {} },
      headers: as(sitting.token),
    });
    // (a hand-in of a closed paper answers with its sheet, as ever: here voided)
    expect(handIn.body.data).toMatchObject({ passed: false, voided: true });
    expect(await summary(sitting)).toMatchObject({
      passed: false,
      attemptsUsed: 0,
      attempts: [{ attemptId: paper.body.data.attemptId, voided: true, score: null }],
    });
    const next = await start(sitting);
    expect(next.status, next.text).toBe(200);
    expect(next.body.data.attemptId).not.toBe(paper.body.data.attemptId);
    expect(next.body.data.attemptNumber).toBe(1);
  });

  it('leaves a course completed before its class required the exam completed when the exam he sat since is voided', async () => {
    const l = await studied('examvoidafter', { ...RULES, exam: { ...RULES.exam, required: false } });
    await expect.poll(async () => (await certificates(l)).map((c) => c.status), { timeout: 15_000 }).toEqual(['valid']);
    // the class requires the exam from now on; he sits it anyway and passes
    const edited = await server.request('PUT', `/api/manage/classes/${l.classId}`, {
      json: { rules: RULES },
      headers: as(admin),
    });
    expect(edited.status, edited.text).toBe(200);
    await passed(l, 'start');
    const examCheck = await passed(l, 'exam');
    await passExam(l);
    const voided = await voidCheck(examCheck);
    expect(voided.status, voided.text).toBe(200);
    // the pass is gone, but his completion never rested on it: it stands, and so does his certificate
    expect(voided.body.data).toMatchObject({ examsVoided: 1, certificateWithdrawn: null });
    expect(await summary(l)).toMatchObject({ passed: false, attempts: [{ voided: true }] });
    expect((await record(l)).status).toBe('done');
    expect((await certificates(l)).map((c) => c.status)).toEqual(['valid']);
  });
});
