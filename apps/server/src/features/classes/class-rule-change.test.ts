import { LearnStatus } from '@anxun/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import { insertFaceCheck } from '../../../test/face-check-rows.js';
import {
  addLearner,
  dialects,
  login,
  playUnit,
  startServer,
  tomorrowAt,
  type TestServer,
} from '../../../test/harness.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: true, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};
const withExam = (required: boolean) => ({ ...RULES, exam: { ...RULES.exam, required } });

/**
 * 编辑班级 changes what completes a course: its learners' courses are decided again under the
 * class as it now stands. An exam no longer required completes the courses it alone held open
 * (and the class, with its certificate); an exam required from now on leaves what was completed
 * completed; a course not begun taken out may leave a learner with every course done.
 */
describe.each(dialects)('changing a class with learners in it on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(3);
  let admin: string;
  let books: string[];
  const as = (token: string) => ({ Authorization: token });

  /** A learner of his own class (the books given), as the learner. */
  const enrolled = async (account: string, bookIds: string[], rules = RULES) => {
    const personId = await addLearner(server, { account, password: 'rulechange1234' });
    const token = (await login(server, account, 'rulechange1234')).body.data.credentials.accessToken as string;
    const created = await server.request('POST', '/api/manage/classes', {
      json: { name: `规则变更班${account}`, bookIds, rules },
      headers: as(admin),
    });
    expect(created.status, created.text).toBe(200);
    const classId = created.body.data.id as string;
    await server.request('POST', `/api/manage/classes/${classId}/enrol`, {
      json: { personIds: [personId] },
      headers: as(admin),
    });
    return { personId, token, classId };
  };
  /** Every unit of one of his courses watched through, as the player reports it. */
  const studyCourse = async (token: string, personId: string, bookId: string) => {
    const units = await server.ctx.db
      .selectFrom('train_warp_courses as w')
      .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
      .innerJoin('train_class_courses as cc', 'cc.id', 'w.class_course_id')
      .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
      .select(['w.id', 'cw.duration_seconds'])
      .where('tp.person_id', '=', personId)
      .where('cc.book_id', '=', bookId)
      .orderBy('cw.sort_order')
      .execute();
    for (const u of units) {
      await playUnit(server, token, u.id, { end: u.duration_seconds, advance: (ms) => (now += ms) });
    }
  };
  const myClass = async (token: string) =>
    (await server.request('GET', '/api/train/person/select-page', { headers: as(token) })).body.data.records[0] as {
      requiredHours: number;
      studiedHours: number;
      completedCourses: number;
    };
  const certificates = async (token: string) =>
    (await server.request('GET', '/api/base/certificate/my', { headers: as(token) })).body.data as Array<{
      status: string;
    }>;
  /** 证书管理's list (which issues nothing itself: a certificate there was issued by the job) */
  const managed = async (account: string) =>
    (
      await server.request('GET', `/api/manage/certificates?q=${account}`, { headers: as(admin) })
    ).body.data.records.map((c: { status: string }) => c.status) as string[];
  const edit = (classId: string, body: object) =>
    server.request('PUT', `/api/manage/classes/${classId}`, { json: body, headers: as(admin) });

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now, env: { ACCESS_TOKEN_MINUTES: '1440' } });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    books = (
      await server.ctx.db.selectFrom('course_books').select('id').where('name', '=', '消防安全基础').execute()
    ).map((b) => b.id);
    const other = await server.ctx.db
      .selectFrom('course_books')
      .select('id')
      .where('id', 'not in', books)
      .where('org_id', 'is not', null)
      .executeTakeFirstOrThrow();
    books.push(other.id);
  }, 120_000);
  afterAll(() => server.close());

  it('completes a course held open only by an exam the class no longer requires, and issues the certificate', async () => {
    const { personId, token, classId } = await enrolled('examdropped', [books[0]!]);
    const idle = { personId: await addLearner(server, { account: 'examdroppedidle', password: 'rulechange1234' }) };
    await server.request('POST', `/api/manage/classes/${classId}/enrol`, {
      json: { personIds: [idle.personId] },
      headers: as(admin),
    });
    await studyCourse(token, personId, books[0]!);
    // watched through, its exam not sat: nothing counted yet, no certificate
    const before = await myClass(token);
    expect(before).toMatchObject({ studiedHours: 0, completedCourses: 0 });
    expect(await certificates(token)).toEqual([]);

    now += 60_000; // the manager edits a minute later
    const edited = await edit(classId, { rules: withExam(false) });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.rules.exam.required).toBe(false);

    const after = await myClass(token);
    expect(after.completedCourses).toBe(1);
    // completed when its study met the rest (its last unit finished), not at the edit: the
    // certificate is dated by it
    const [record] = await server.ctx.db
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
      .select('pc.end_time')
      .where('tp.person_id', '=', personId)
      .execute();
    const lastUnit = await server.ctx.db
      .selectFrom('train_warp_courses as w')
      .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
      .select((eb) => eb.fn.max('w.end_time').as('at'))
      .where('tp.person_id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(Number(record!.end_time)).toBe(Number(lastUnit.at));
    expect(Number(record!.end_time)).toBeLessThan(now);
    expect(after.studiedHours).toBe(after.requiredHours);
    await expect.poll(() => managed('examdropped'), { timeout: 15_000 }).toEqual(['valid']);
    expect((await certificates(token)).map((c) => c.status)).toEqual(['valid']);
    // who studied nothing is not completed by the change
    const idleRecord = await server.ctx.db
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
      .select('pc.learn_status')
      .where('tp.person_id', '=', idle.personId)
      .where('tp.class_id', '=', classId)
      .executeTakeFirstOrThrow();
    expect(idleRecord.learn_status).toBe(LearnStatus.NOT_STARTED);
    // the audit says what the edit did to the learners' courses
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'class.update')
      .where('target_id', '=', classId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toMatchObject({ after: { coursesCompleted: 1 } });
  });

  it('issues the certificate a face check still owed held, once the class stops checking faces', async () => {
    // checks on (none due while studying here), the exam required
    const checking = {
      ...RULES,
      faceCheck: { ...RULES.faceCheck, enabled: true },
    };
    const { personId, token, classId } = await enrolled('checksdropped', [books[0]!], checking);
    await studyCourse(token, personId, books[0]!);
    const member = await server.ctx.db
      .selectFrom('train_persons')
      .select('id')
      .where('class_id', '=', classId)
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow();
    // a check that failed (the photos sent were refused, its window closed)
    await insertFaceCheck(server, { personId, trainPersonId: member.id, status: 'failed', at: now });
    const owed = async () =>
      (await server.request('GET', '/api/train/class/getOpenChecks', { headers: as(token) })).body.data as unknown[];
    now += 60_000;
    expect((await edit(classId, { rules: { ...checking, exam: { ...RULES.exam, required: false } } })).status).toBe(
      200,
    );
    // complete, and the check still owed holds the certificate
    expect((await myClass(token)).completedCourses).toBe(1);
    expect(await owed()).toHaveLength(1);
    now += 60_000;
    const issued = await server.request('POST', '/api/manage/certificates/issue', {
      json: { trainPersonId: member.id },
      headers: as(admin),
    });
    expect(issued.body.msg).toBe('还有1次人脸核验未完成，不能发证');
    expect(await managed('checksdropped')).toEqual([]);

    // the manager switches the class's checks off: what was owed under them is asked no more
    now += 60_000;
    const off = await edit(classId, { rules: withExam(false) });
    expect(off.status, off.text).toBe(200);
    await expect.poll(() => managed('checksdropped'), { timeout: 15_000 }).toEqual(['valid']);
    expect(await owed()).toEqual([]);
  });

  it('leaves a course completed, its hours counted and its certificate valid, when the exam becomes required', async () => {
    const { personId, token, classId } = await enrolled('examadded', [books[0]!], withExam(false));
    await studyCourse(token, personId, books[0]!);
    await expect
      .poll(async () => (await certificates(token)).map((c) => c.status), { timeout: 15_000 })
      .toEqual(['valid']);
    const done = await myClass(token);
    expect(done.completedCourses).toBe(1);

    expect((await edit(classId, { rules: withExam(true) })).status).toBe(200);
    expect(await myClass(token)).toEqual(done);
    expect((await certificates(token)).map((c) => c.status)).toEqual(['valid']);
    // the manager's 班级进度 counts his hours as his own page does
    const progress = await server.request('GET', `/api/manage/reports/class-progress?classId=${classId}`, {
      headers: as(admin),
    });
    expect(progress.status, progress.text).toBe(200);
    expect(progress.body.data.records[0]).toMatchObject({ countedHours: done.studiedHours });
  });

  it('keeps a course completed before the exam was required completed when a later void takes other study back', async () => {
    const { personId, token, classId } = await enrolled('examaddedvoid', books, withExam(false));
    await studyCourse(token, personId, books[0]!);
    expect(await myClass(token)).toMatchObject({ completedCourses: 1 });
    expect((await edit(classId, { rules: withExam(true) })).status).toBe(200);
    // some of the other course studied after a check later voided
    const trainPersonId = (
      await server.ctx.db
        .selectFrom('train_persons')
        .select('id')
        .where('class_id', '=', classId)
        .executeTakeFirstOrThrow()
    ).id;
    const other = await server.ctx.db
      .selectFrom('train_warp_courses as w')
      .innerJoin('train_class_courses as cc', 'cc.id', 'w.class_course_id')
      .select('w.id')
      .where('w.train_person_id', '=', trainPersonId)
      .where('cc.book_id', '=', books[1]!)
      .executeTakeFirstOrThrow();
    // a check he passed after that study (it stands), then another, the one found to be someone else
    now += 1000;
    await insertFaceCheck(server, {
      personId,
      trainPersonId,
      kind: 'start',
      status: 'passed',
      score: 0.8,
      at: now,
      warpCourseId: other.id,
    });
    now += 1000;
    const { checkId } = await insertFaceCheck(server, {
      personId,
      trainPersonId,
      kind: 'start',
      status: 'passed',
      score: 0.7,
      at: now,
      warpCourseId: other.id,
    });
    now += 1000;
    await playUnit(server, token, other.id, { end: 60, advance: (ms) => (now += ms) });
    const voided = await server.request('POST', `/api/manage/face-checks/${checkId}/review`, {
      json: { decision: 'void', reason: '照片与本人不符，疑似代学' },
      headers: as(admin),
    });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data.voidedSeconds).toBeGreaterThan(0);
    // the first course was completed by its study under the rules of its time: it stands
    expect(await myClass(token)).toMatchObject({ completedCourses: 1 });
  });

  it('issues the certificate of a learner whose only course left, never begun, is taken out of the class', async () => {
    const { personId, token, classId } = await enrolled('courseremoved', books, withExam(false));
    await studyCourse(token, personId, books[0]!);
    expect(await myClass(token)).toMatchObject({ completedCourses: 1 });
    expect(await certificates(token)).toEqual([]);

    const edited = await edit(classId, { bookIds: [books[0]!] });
    expect(edited.status, edited.text).toBe(200);
    // issued at once, before he opens a page that would ask for it
    await expect.poll(() => managed('courseremoved'), { timeout: 15_000 }).toEqual(['valid']);
  });
});
