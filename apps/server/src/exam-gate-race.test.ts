import { Role } from '@anxun/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from './seed/demo-accounts.js';
import { addLearner, dialects, login, startServer, tomorrowAt, type TestServer } from '../test/harness.js';
import { insertFaceCheck } from '../test/face-check-rows.js';
import { startExam, type ExamCheckGate } from './features/exams/exam.service.js';
import { createExamFaceGate } from './features/identity/exam-face-gate.js';

/** A class that checks faces before its exams; its exam may be sat without study first. */
const RULES = {
  faceCheck: {
    enabled: true,
    atStart: false,
    atEnd: false,
    randomEveryMinutes: 0,
    windowSeconds: 120,
    beforeExam: true,
  },
  exam: { required: true, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 0, afterStudy: false },
};

/**
 * Where two features meet as app.ts wires them: the exams feature starts a paper through the
 * identity feature's 考前 gate, and a manager's void of the pass that opened it must find the
 * paper however close the two land.
 */
describe.each(dialects)('a start and a void of its pass at the same moment on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(4);
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
  }, 120_000);
  afterAll(() => server.close());

  it("voids a paper begun on a pass that a manager voids the moment the gate let it through (the paper is written under the gate's lock, before it returns)", async () => {
    const personId = await addLearner(server, { account: 'gaterace', password: 'gaterace1234' });
    const token = (await login(server, 'gaterace', 'gaterace1234')).body.data.credentials.accessToken as string;
    const book = await server.ctx.db
      .selectFrom('course_books')
      .select('id')
      .where('name', '=', '消防安全基础')
      .executeTakeFirstOrThrow();
    const created = await server.request('POST', '/api/manage/classes', {
      json: { name: '考前核验竞态班', bookIds: [book.id], rules: RULES },
      headers: { Authorization: admin },
    });
    expect(created.status, created.text).toBe(200);
    await server.request('POST', `/api/manage/classes/${created.body.data.id}/enrol`, {
      json: { personIds: [personId] },
      headers: { Authorization: admin },
    });
    const member = await server.ctx.db
      .selectFrom('train_persons as tp')
      .innerJoin('train_class_courses as cc', 'cc.class_id', 'tp.class_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .select(['tp.id', 'cc.id as class_course_id', 'p.org_id'])
      .where('tp.class_id', '=', created.body.data.id)
      .executeTakeFirstOrThrow();
    const session = await server.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow();
    // his pass in this login, a moment ago
    now += 1000;
    const { checkId } = await insertFaceCheck(server, {
      personId,
      trainPersonId: member.id,
      kind: 'exam',
      status: 'passed',
      score: 0.7,
      at: now,
      sessionId: session.id,
    });
    now += 1000;

    // the manager's void lands the moment the gate has let him through
    const gate = createExamFaceGate(server.ctx.dialect);
    const racing: ExamCheckGate = async (db, job, at, admit) => {
      const due = await gate(db, job, at, admit);
      if (!due) {
        const voided = await server.request('POST', `/api/manage/face-checks/${checkId}/review`, {
          json: { decision: 'void', reason: '考试时的照片不是本人' },
          headers: { Authorization: admin },
        });
        expect(voided.status, voided.text).toBe(200);
      }
      return due;
    };
    const user = { sessionId: session.id, personId, orgId: member.org_id, role: Role.LEARNER };
    const paper = await startExam(server.ctx, user, member.class_course_id, racing);

    // the paper its voided pass let in is void, not a try
    const row = await server.ctx.db
      .selectFrom('exam_attempts')
      .select('voided_by_check')
      .where('id', '=', paper.attemptId)
      .executeTakeFirstOrThrow();
    expect(row.voided_by_check).toBe(checkId);
    const summary = await server.request('GET', `/api/exam/mock/summary?trainClassCourseId=${member.class_course_id}`, {
      headers: { Authorization: token },
    });
    expect(summary.body.data).toMatchObject({ attemptsUsed: 0, attemptsAllowed: 1 });
    // sitting again in the same login asks for a new check: the voided pass counts for nothing
    const again = await server.request('POST', '/api/exam/mock/start', {
      json: { trainClassCourseId: member.class_course_id },
      headers: { Authorization: token },
    });
    expect(again.body.code, again.text).toBe(40024);
  });
});
