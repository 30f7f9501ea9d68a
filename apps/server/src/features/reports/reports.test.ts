import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPagesText } from '../../../test/pdf-text.js';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { creditHours } from '../../core/credit-figures.js';
import {
  addLearner,
  addOrganisation,
  dialects,
  login,
  startServer,
  tomorrowAt,
  type TestServer,
  setIdCard,
  playUnit,
} from '../../../test/harness.js';
import { insertFaceCheck } from '../../../test/face-check-rows.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};

/**
 * 报表 (issue: Console III) on a class the test drives through real study: one learner
 * watches the whole course, one studies a little and is refused credit once, one never
 * starts. Every figure the reports give must equal what the test sums itself from
 * study_events, the record an auditor would recompute.
 */
describe.each(dialects)('reports on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(1);
  let admin: string;
  let classId: string;
  const ids: Record<'whole' | 'part' | 'none', string> = { whole: '', part: '', none: '' };
  const tokens: Record<string, string> = {};
  const dept: Record<'safety' | 'workshop', string> = { safety: '', workshop: '' };
  const as = (token: string) => ({ Authorization: token });
  const get = (url: string, token = admin) => server.request('GET', url, { headers: as(token) });

  /** Credited seconds of a person in this class, summed by the test from study_events. */
  const creditedFromEvents = async (personId: string, range?: { from: number; to: number }) => {
    let q = server.ctx.db
      .selectFrom('study_events as e')
      .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
      .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
      .select((eb) => eb.fn.sum<number>('e.credited_seconds').as('s'))
      .where('tp.person_id', '=', personId)
      .where('tp.class_id', '=', classId);
    if (range) q = q.where('e.created_at', '>=', range.from).where('e.created_at', '<', range.to);
    return Number((await q.executeTakeFirstOrThrow()).s ?? 0);
  };
  const unitsOf = (personId: string, ofClass = classId) =>
    server.ctx.db
      .selectFrom('train_warp_courses as w')
      .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
      .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
      .select(['w.id', 'cw.duration_seconds'])
      .where('tp.person_id', '=', personId)
      .where('tp.class_id', '=', ofClass)
      .orderBy('cw.sort_order')
      .execute();
  /** Plays a unit from `start` to `end` seconds, a report every ten seconds of the clock. */
  const play = (token: string, unitId: string, start: number, end: number, rate = 1) =>
    playUnit(server, token, unitId, { start, end, rate, advance: (ms) => (now += ms) });

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now, env: { ACCESS_TOKEN_MINUTES: '1440' } });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const post = async (url: string, json: unknown) => {
      const res = await server.request('POST', url, { json, headers: as(admin) });
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      return res.body.data;
    };
    dept.safety = (await post('/api/manage/departments', { name: '报表安全部' })).id;
    dept.workshop = (await post('/api/manage/departments', { name: '二车间', parentId: dept.safety })).id;
    for (const [key, department] of [
      ['whole', dept.safety],
      ['part', dept.workshop],
      ['none', null],
    ] as const) {
      ids[key] = await addLearner(server, { account: `report-${key}`, password: 'report1234' });
      await server.ctx.db
        .updateTable('persons')
        .set({ department_id: department, name: `报表${key}` })
        .where('id', '=', ids[key])
        .execute();
      await setIdCard(server, ids[key], `11010519900101${String(Object.keys(tokens).length).padStart(3, '0')}X`);
      tokens[key] = (await login(server, `report-${key}`, 'report1234')).body.data.credentials.accessToken;
    }
    const fire = await server.ctx.db
      .selectFrom('course_books')
      .select('id')
      .where('name', '=', '消防安全基础')
      .executeTakeFirstOrThrow();
    classId = (await post('/api/manage/classes', { name: '报表测试班', bookIds: [fire.id], rules: RULES })).id;
    await post(`/api/manage/classes/${classId}/enrol`, { personIds: [ids.whole, ids.part, ids.none] });

    // the whole course, unit after unit, to its end
    for (const unit of await unitsOf(ids.whole)) await play(tokens.whole!, unit.id, 0, unit.duration_seconds);
    // a little of the first unit, then a try at double speed (refused: RATE)
    const [first] = await unitsOf(ids.part);
    await play(tokens.part!, first!.id, 0, 20);
    await play(tokens.part!, first!.id, 20, 30, 2);
    // a face check he failed, as the identity feature records one
    const member = await server.ctx.db
      .selectFrom('train_persons')
      .select(['id', 'person_id'])
      .where('class_id', '=', classId)
      .where('person_id', '=', ids.part)
      .executeTakeFirstOrThrow();
    const { facePhotos } = await import('../../../test/face-photos.js');
    await insertFaceCheck(server, {
      personId: ids.part,
      trainPersonId: member.id,
      status: 'failed',
      score: 0.31,
      at: now,
      warpCourseId: first!.id,
      photo: { bytes: facePhotos.hopper(), hashed: true, ip: '127.0.0.1', userAgent: 'test' },
    });
  }, 120_000);
  afterAll(() => server.close());

  it('gives each member 学时 summed from the study record, status, checks and courses', async () => {
    // one has left the company: his record stays, marked 已停用
    await server.ctx.db.updateTable('persons').set({ disabled_at: now }).where('id', '=', ids.none).execute();
    const res = await get(`/api/manage/reports/class-progress?classId=${classId}&size=50`);
    await server.ctx.db.updateTable('persons').set({ disabled_at: null }).where('id', '=', ids.none).execute();
    expect(res.status, res.text).toBe(200);
    const page = res.body.data;
    expect(page).toMatchObject({ className: '报表测试班', courseCount: 1, total: 3, checksFaces: false });
    const byPerson = new Map(page.records.map((r: { personId: string }) => [r.personId, r]));
    for (const key of ['whole', 'part', 'none'] as const) {
      const row = byPerson.get(ids[key]) as { creditedSeconds: number; creditedHours: number };
      const expected = await creditedFromEvents(ids[key]);
      expect(row.creditedSeconds, key).toBe(expected);
      // a member's figure is his courses' figures (each cut down) added up: one course here
      expect(row.creditedHours).toBe(creditHours(expected, 1800));
    }
    expect(await creditedFromEvents(ids.whole)).toBeGreaterThanOrEqual(100);
    expect(byPerson.get(ids.whole)).toMatchObject({ status: 'done', coursesDone: 1, courseCount: 1, disabled: false });
    expect(byPerson.get(ids.none)).toMatchObject({ disabled: true });
    expect(byPerson.get(ids.part)).toMatchObject({
      status: 'studying',
      coursesDone: 0,
      faceChecks: { passed: 0, failed: 1, pending: 0 },
      departmentName: '报表安全部/二车间',
    });
    expect(byPerson.get(ids.none)).toMatchObject({ status: 'not-started', creditedSeconds: 0, lastStudyAt: null });
    // ID numbers are masked
    expect(JSON.stringify(page)).not.toMatch(/11010519900101\d{3}X/);
  });

  it('counts the photos refused as copies beside the checks: a pass after eleven copies is not 通过 1 alone', async () => {
    const check = await server.ctx.db
      .selectFrom('face_checks as f')
      .innerJoin('train_persons as tp', 'tp.id', 'f.train_person_id')
      .select(['f.id', 'f.person_id'])
      .where('tp.class_id', '=', classId)
      .where('f.person_id', '=', ids.part)
      .executeTakeFirstOrThrow();
    const refused = (reason: string) => ({
      id: crypto.randomUUID(),
      person_id: check.person_id,
      check_id: check.id,
      purpose: 'check' as const,
      result: 'rejected' as const,
      score: null,
      reason,
      photo_key: null,
      photo_sha256: null,
      photo_purged_at: null,
      via: 'camera' as const,
      ip: '127.0.0.1',
      user_agent: 'test',
      created_at: now,
    });
    const rows = [refused('REPLAY'), refused('REPLAY'), refused('NOT_LIVE_CAPTURE'), refused('TOO_DARK')];
    await server.ctx.db.insertInto('face_attempts').values(rows).execute();
    try {
      const page = (await get(`/api/manage/reports/class-progress?classId=${classId}`)).body.data;
      const faceChecks = (key: 'part' | 'whole') =>
        page.records.find((r: { personId: string }) => r.personId === ids[key]).faceChecks;
      // a dark photo is an honest failure to take one, not a copy
      expect(faceChecks('part')).toMatchObject({ failed: 1, refusedCopies: 3 });
      expect(faceChecks('whole')).toMatchObject({ refusedCopies: 0 });
      // filtered to the course whose unit the check fell due at: the same counts
      const course = page.courses[0].classCourseId;
      const ofCourse = (await get(`/api/manage/reports/class-progress?classId=${classId}&classCourseId=${course}`)).body
        .data.records;
      expect(ofCourse.find((r: { personId: string }) => r.personId === ids.part).faceChecks).toMatchObject({
        failed: 1,
        refusedCopies: 3,
      });
    } finally {
      await server.ctx.db
        .deleteFrom('face_attempts')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    }
  });

  it('tells a check never taken before its window closed as 逾期未核验, not 待核验, wherever checks are told', async () => {
    const member = await server.ctx.db
      .selectFrom('train_persons')
      .select(['id', 'person_id'])
      .where('class_id', '=', classId)
      .where('person_id', '=', ids.whole)
      .executeTakeFirstOrThrow();
    const check = (id: string, windowEndsAt: number) => ({
      id,
      person_id: member.person_id,
      train_person_id: member.id,
      kind: 'start' as const,
      status: 'pending' as const,
      session_id: 'missed-check-test',
      warp_course_id: null,
      due_at: windowEndsAt - 300_000,
      window_ends_at: windowEndsAt,
      best_score: null,
      passed_at: null,
      next_after_seconds: null,
      flags: null,
      created_at: windowEndsAt - 300_000,
      updated_at: windowEndsAt - 300_000,
    });
    const [missed, open, copied] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await server.ctx.db
      .insertInto('face_checks')
      .values([check(missed, now - 60_000), check(open, now + 60_000), check(copied, now - 60_000)])
      .execute();
    // the third had a photo sent, refused as a copy (which leaves a check pending): not passed, not untried
    await server.ctx.db
      .insertInto('face_attempts')
      .values({
        id: crypto.randomUUID(),
        person_id: member.person_id,
        check_id: copied,
        purpose: 'check',
        result: 'rejected',
        score: null,
        reason: 'REPLAY',
        photo_key: null,
        photo_sha256: null,
        photo_purged_at: null,
        via: 'camera',
        ip: '127.0.0.1',
        user_agent: 'test',
        created_at: now - 120_000,
      })
      .execute();
    try {
      const row = (await get(`/api/manage/reports/class-progress?classId=${classId}`)).body.data.records.find(
        (r: { personId: string }) => r.personId === ids.whole,
      );
      expect(row.faceChecks).toMatchObject({ pending: 1, missed: 1 });
      const record = (await get(`/api/manage/reports/learners/${ids.whole}`)).body.data.classes.find(
        (c: { classId: string }) => c.classId === classId,
      );
      const status = (id: string) => record.faceChecks.find((c: { checkId: string }) => c.checkId === id)?.status;
      expect([status(missed), status(open), status(copied)]).toEqual(['missed', 'pending', 'failed']);
      const board = (await get('/api/manage/dashboard')).body.data;
      expect(board.last30Days.checksMissed).toBeGreaterThanOrEqual(1);
      const res = await fetch(`${server.baseUrl}/api/manage/face-checks/export?classId=${classId}`, {
        headers: as(admin),
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const ws = workbook.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).map(String);
      const told = (ws.getSheetValues() as unknown[])
        .filter((r): r is unknown[] => Array.isArray(r) && r[header.indexOf('核验时机')] === '开始学习')
        .map((r) => r[header.indexOf('核验结果')]);
      expect(told.sort()).toEqual(['待核验', '未通过', '逾期未核验']);
    } finally {
      await server.ctx.db.deleteFrom('face_attempts').where('check_id', '=', copied).execute();
      await server.ctx.db.deleteFrom('face_checks').where('id', 'in', [missed, open, copied]).execute();
    }
  });

  it("counts 学时 toward the class as the learner's 我的学习 does, beside what he studied: none while its exam waits", async () => {
    const counted = async (who: 'whole' | 'part' = 'whole') => {
      const page = (await get(`/api/manage/reports/class-progress?classId=${classId}`)).body.data;
      const row = page.records.find((r: { personId: string }) => r.personId === ids[who]);
      const mine = (await get('/api/train/person/select-page?current=1&size=10', tokens[who])).body.data.records;
      const record = (await get(`/api/manage/reports/learners/${ids[who]}`)).body.data.classes[0];
      return {
        studied: row.creditedHours,
        counted: row.countedHours,
        archive: record.countedHours,
        learner: mine.find((c: { trainClassId: string }) => c.trainClassId === classId).studiedHours,
      };
    };
    const free = await counted();
    const freePart = await counted('part');
    // a class without an exam counts what he studied, up to what it requires
    expect(free.counted).toBeGreaterThan(0);
    expect(free).toMatchObject({ counted: free.learner, archive: free.learner });
    expect(freePart.counted).toBeGreaterThan(0);
    const rules = await server.ctx.db
      .selectFrom('train_classes')
      .select('rules')
      .where('id', '=', classId)
      .executeTakeFirstOrThrow();
    const withExam = { ...JSON.parse(rules.rules!), exam: { ...RULES.exam, required: true } };
    const setRules = (text: string) =>
      server.ctx.db.updateTable('train_classes').set({ rules: text }).where('id', '=', classId).execute();
    await setRules(JSON.stringify(withExam));
    try {
      // the same study; the class counts none of a course still open until its exam is passed —
      // on both sides alike; a course completed before the exam was required stands, counted
      expect(await counted('part')).toEqual({ studied: freePart.studied, counted: 0, archive: 0, learner: 0 });
      expect(await counted()).toEqual(free);
    } finally {
      await setRules(rules.rules!);
    }
  });

  it('says 待考试 of a learner who studied every course through and has only its exam left, as his own page does', async () => {
    const fire = await server.ctx.db
      .selectFrom('course_books')
      .select('id')
      .where('name', '=', '消防安全基础')
      .executeTakeFirstOrThrow();
    const created = await server.request('POST', '/api/manage/classes', {
      json: { name: '报表待考试班', bookIds: [fire.id], rules: { ...RULES, exam: { ...RULES.exam, required: true } } },
      headers: as(admin),
    });
    expect(created.status, created.text).toBe(200);
    const examClass = created.body.data.id as string;
    await server.request('POST', `/api/manage/classes/${examClass}/enrol`, {
      json: { personIds: [ids.whole, ids.part] },
      headers: as(admin),
    });
    const unitsIn = (personId: string) => unitsOf(personId, examClass);
    for (const unit of await unitsIn(ids.whole)) await play(tokens.whole!, unit.id, 0, unit.duration_seconds);
    const [first] = await unitsIn(ids.part);
    await play(tokens.part!, first!.id, 0, 20);

    const progress = (query = '') =>
      get(`/api/manage/reports/class-progress?classId=${examClass}${query}`).then(
        (r) => r.body.data.records as Array<{ personId: string; status: string }>,
      );
    const statuses = new Map((await progress()).map((r) => [r.personId, r.status]));
    expect([statuses.get(ids.whole), statuses.get(ids.part)]).toEqual(['exam-due', 'studying']);
    expect((await progress('&status=exam-due')).map((r) => r.personId)).toEqual([ids.whole]);
    expect((await progress('&status=studying')).map((r) => r.personId)).toEqual([ids.part]);
    expect(await progress('&status=done')).toEqual([]);
    // his page says the same: the exam is his next step
    const mine = (await get('/api/train/person/select-page?current=1&size=10', tokens.whole)).body.data.records.find(
      (c: { trainClassId: string }) => c.trainClassId === examClass,
    );
    const course = (await get(`/api/train/cls_course/select-page?trainPersonId=${mine.trainPersonId}`, tokens.whole))
      .body.data.records[0];
    expect(course).toMatchObject({ examRequired: true, examPassed: false });
    expect(course.studiedHours).toBeGreaterThanOrEqual(course.studyTimeLen);
    // 学习档案, course and class alike
    const record = (await get(`/api/manage/reports/learners/${ids.whole}`)).body.data.classes.find(
      (c: { classId: string }) => c.classId === examClass,
    );
    expect(record.status).toBe('exam-due');
    expect(record.courses[0].status).toBe('exam-due');
    // and 学习情况's export
    const res = await fetch(`${server.baseUrl}/api/manage/reports/class-progress/export?classId=${examClass}`, {
      headers: as(admin),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const ws = workbook.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const statusCol = header.indexOf('状态');
    const nameCol = header.indexOf('姓名');
    const cells = new Map<string, unknown>();
    ws.eachRow((row, n) => {
      if (n > 1) cells.set(String(row.getCell(nameCol).value), row.getCell(statusCol).value);
    });
    expect(Object.fromEntries(cells)).toEqual({ 报表whole: '待考试', 报表part: '学习中' });

    // every unit watched but the course's 学时 not met (its hours raised since): still 学习中,
    // on the page and in the filter alike
    const courseRow = await server.ctx.db
      .selectFrom('train_class_courses')
      .select(['id', 'class_hours'])
      .where('class_id', '=', examClass)
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .updateTable('train_class_courses')
      .set({ class_hours: 50 })
      .where('id', '=', courseRow.id)
      .execute();
    try {
      const short = new Map((await progress()).map((r) => [r.personId, r.status]));
      expect(short.get(ids.whole)).toBe('studying');
      expect(await progress('&status=exam-due')).toEqual([]);
      expect((await progress('&status=studying')).map((r) => r.personId).sort()).toEqual([ids.whole, ids.part].sort());
    } finally {
      await server.ctx.db
        .updateTable('train_class_courses')
        .set({ class_hours: courseRow.class_hours })
        .where('id', '=', courseRow.id)
        .execute();
    }
  });

  it('filters by status, department (with those under it), name and date range', async () => {
    const names = async (query: string) =>
      (await get(`/api/manage/reports/class-progress?classId=${classId}&${query}`)).body.data.records.map(
        (r: { personId: string }) => r.personId,
      );
    expect(await names('status=done')).toEqual([ids.whole]);
    expect(await names('status=studying')).toEqual([ids.part]);
    expect(await names('status=not-started')).toEqual([ids.none]);
    expect((await names(`departmentId=${dept.safety}`)).sort()).toEqual([ids.whole, ids.part].sort());
    expect(await names(`departmentId=${dept.workshop}`)).toEqual([ids.part]);
    expect(await names(`q=${encodeURIComponent('报表none')}`)).toEqual([ids.none]);
    // the day of the study (in the study time zone), and the day after: nothing credited then
    const day = new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
    const after = new Date(now + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    const onDay = (await get(`/api/manage/reports/class-progress?classId=${classId}&from=${day}&to=${day}`)).body.data
      .records;
    const whole = onDay.find((r: { personId: string }) => r.personId === ids.whole);
    expect(whole.creditedSeconds).toBe(await creditedFromEvents(ids.whole));
    const later = (await get(`/api/manage/reports/class-progress?classId=${classId}&from=${after}`)).body.data.records;
    expect(later.every((r: { creditedSeconds: number }) => r.creditedSeconds === 0)).toBe(true);
    const backwards = await get(`/api/manage/reports/class-progress?classId=${classId}&from=${after}&to=${day}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe('开始日期不能晚于结束日期');
    expect((await get(`/api/manage/reports/class-progress?classId=${classId}&from=2026-02-30`)).status).toBe(400);
    // days no record can bear are refused, never summed as zero
    for (const query of ['to=9999-12-31', 'from=0000-01-01', 'from=0001-01-01']) {
      const res = await get(`/api/manage/reports/class-progress?classId=${classId}&${query}`);
      expect(res.status, query).toBe(400);
      expect((await get(`/api/manage/reports/departments?${query}`)).status, query).toBe(400);
    }
  });

  it("shows one learner's record unit by unit: credit, study count, refusals by reason, checks", async () => {
    const res = await get(`/api/manage/reports/learners/${ids.part}`);
    expect(res.status, res.text).toBe(200);
    const report = res.body.data;
    expect(report).toMatchObject({ name: '报表part', departmentName: '报表安全部/二车间' });
    const cls = report.classes.find((c: { classId: string }) => c.classId === classId);
    expect(cls.creditedSeconds).toBe(await creditedFromEvents(ids.part));
    for (const unit of cls.courses[0].units as Array<{
      trainWarpCourseId: string;
      creditedSeconds: number;
      refusals: Record<string, number>;
    }>) {
      const events = await server.ctx.db
        .selectFrom('study_events')
        .select(['credited_seconds', 'refusal'])
        .where('warp_course_id', '=', unit.trainWarpCourseId)
        .execute();
      expect(unit.creditedSeconds).toBe(events.reduce((s, e) => s + e.credited_seconds, 0));
      const refusals: Record<string, number> = {};
      for (const e of events) if (e.refusal) refusals[e.refusal] = (refusals[e.refusal] ?? 0) + 1;
      expect(unit.refusals).toEqual(refusals);
    }
    expect(cls.courses[0].units[0].refusals.RATE).toBeGreaterThanOrEqual(1);
    expect(cls.courses[0].units[0].firstStudyAt).toMatch(/\+08:00$/);
    // what an auditor checks first: no unit holds more credit than its first-to-last time allows
    for (const unit of cls.courses.flatMap((c: { units: unknown[] }) => c.units) as Array<{
      creditedSeconds: number;
      firstStudyAt: string | null;
      lastStudyAt: string | null;
    }>) {
      if (unit.firstStudyAt === null || unit.lastStudyAt === null) continue;
      const span = (Date.parse(unit.lastStudyAt) - Date.parse(unit.firstStudyAt)) / 1000;
      expect(unit.creditedSeconds).toBeLessThanOrEqual(span + 0.001);
    }
    expect(cls.faceChecks).toMatchObject([
      { kind: 'random', status: 'failed', bestScore: 0.31, unitTitle: '火灾的危害与成因' },
    ]);
  });

  it('sums departments from the study record, each with its sub-departments, as the tree counts them', async () => {
    const res = await get(`/api/manage/reports/departments?classId=${classId}`);
    expect(res.status, res.text).toBe(200);
    const rows = res.body.data as Array<{
      departmentId: string | null;
      name: string;
      enrolled: number;
      completed: number;
      creditedSeconds: number;
      completionRate: number;
    }>;
    const safety = rows.find((r) => r.departmentId === dept.safety)!;
    const workshop = rows.find((r) => r.departmentId === dept.workshop)!;
    // 报表安全部 holds its own learner and 二车间's
    expect(safety).toMatchObject({ name: '报表安全部', enrolled: 2, completed: 1, completionRate: 0.5 });
    expect(safety.creditedSeconds).toBe((await creditedFromEvents(ids.whole)) + (await creditedFromEvents(ids.part)));
    expect(workshop).toMatchObject({ name: '报表安全部/二车间', enrolled: 1, completed: 0, completionRate: 0 });
    expect(workshop.creditedSeconds).toBe(await creditedFromEvents(ids.part));
    const none = rows.find((r) => r.departmentId === null)!;
    expect(none.enrolled).toBe(1);
    // in the department tree's order: 一车间 (made after 二车间) before it, under their parent
    await server.request('POST', '/api/manage/departments', {
      json: { name: '一车间', parentId: dept.safety },
      headers: as(admin),
    });
    const names = ((await get('/api/manage/reports/departments')).body.data as Array<{ name: string }>).map(
      (r) => r.name,
    );
    const ours = names.filter((n) => n.startsWith('报表安全部'));
    expect(ours).toEqual(['报表安全部', '报表安全部/一车间', '报表安全部/二车间']);
  });

  it("keeps learners and other organisations out, and reads an exam's answer sheet for the manager", async () => {
    const learner = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials
      .accessToken;
    expect((await get(`/api/manage/reports/class-progress?classId=${classId}`, learner)).status).toBe(403);
    await addOrganisation(server, '10021', '另一家单位');
    await addLearner(server, { account: 'other-admin21', password: 'other1234', role: 'admin', orgCode: '10021' });
    const other = (await login(server, 'other-admin21', 'other1234')).body.data.credentials.accessToken;
    expect((await get(`/api/manage/reports/class-progress?classId=${classId}`, other)).status).toBe(404);
    expect((await get(`/api/manage/reports/learners/${ids.whole}`, other)).status).toBe(404);
    expect((await get(`/api/manage/reports/departments?classId=${classId}`, other)).status).toBe(404);
    const theirs = (await get('/api/manage/reports/departments', other)).body.data;
    expect(JSON.stringify(theirs)).not.toContain('报表安全部');

    // the demo learner sits an exam; his manager reads the sheet, another organisation cannot
    const course = (await server.request('GET', '/api/train/person/select-page', { headers: as(learner) })).body.data
      .records[0];
    const courses = (
      await server.request('GET', `/api/train/cls_course/select-page?trainPersonId=${course.trainPersonId}`, {
        headers: as(learner),
      })
    ).body.data.records;
    const paper = (
      await server.request('POST', '/api/exam/mock/start', {
        json: { trainClassCourseId: courses[0].trainClassCourseId },
        headers: as(learner),
      })
    ).body.data;
    expect((await get(`/api/manage/exam-attempts/${paper.attemptId}`)).status).toBe(409);
    await server.request('POST', '/api/exam/mock/submit', {
      json: { attemptId: paper.attemptId, answers: {} },
      headers: as(learner),
    });
    const sheet = await get(`/api/manage/exam-attempts/${paper.attemptId}`);
    expect(sheet.status, sheet.text).toBe(200);
    expect(sheet.body.data.items.length).toBe(paper.questions.length);
    expect((await get(`/api/manage/exam-attempts/${paper.attemptId}`, other)).status).toBe(404);
    const person = await server.ctx.db
      .selectFrom('persons')
      .select('id')
      .where('account', '=', DEMO_LEARNER.account)
      .executeTakeFirstOrThrow();
    const record = (await get(`/api/manage/reports/learners/${person.id}`)).body.data;
    const attempts = record.classes.flatMap((c: { examAttempts: Array<{ attemptId: string }> }) => c.examAttempts);
    expect(attempts.map((a: { attemptId: string }) => a.attemptId)).toContain(paper.attemptId);
  });

  it('exports the class by course and by unit, and the departments, as .xlsx with the same figures, audited', async () => {
    const sheetOf = async (url: string, token = admin) => {
      const res = await fetch(server.baseUrl + url, { headers: as(token) });
      if (res.status !== 200)
        return {
          status: res.status,
          rows: [] as Array<Record<string, unknown>>,
          formats: {} as Record<string, string>,
        };
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const ws = workbook.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      // the header in bold, frozen above a long list
      expect(ws.getRow(1).font?.bold).toBe(true);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      const rows: Array<Record<string, unknown>> = [];
      // how each column's values are shown (a row's cells carry their column's format)
      const formats = Object.fromEntries(header.map((h, i) => [h, ws.getRow(2).getCell(i + 1).numFmt ?? '']));
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const values = (row.values as unknown[]).slice(1);
        rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])));
      });
      return { status: res.status, rows, formats, disposition: res.headers.get('content-disposition') ?? '' };
    };
    const byCourse = await sheetOf(`/api/manage/reports/class-progress/export?classId=${classId}`);
    expect(byCourse.status).toBe(200);
    expect(byCourse.rows).toHaveLength(3);
    for (const key of ['whole', 'part', 'none'] as const) {
      const row = byCourse.rows.find((r) => r['姓名'] === `报表${key}`)!;
      expect(row['已学时长（秒）'], key).toBe(await creditedFromEvents(ids[key]));
      expect(String(row['身份证号'])).toMatch(/^110\*+\d{3}X$/);
    }
    expect(byCourse.rows.find((r) => r['姓名'] === '报表whole')!['状态']).toBe('已完成');
    // a moment is a date cell (Excel sorts and filters it) saying what the page says, to the second
    const page = (
      await server.request('GET', `/api/manage/reports/class-progress?classId=${classId}`, { headers: as(admin) })
    ).body.data.records as Array<{ name: string; lastStudyAt: string | null }>;
    const lastOnPage = page.find((r) => r.name === '报表whole')!.lastStudyAt!;
    const lastCell = byCourse.rows.find((r) => r['姓名'] === '报表whole')!['最后学习'];
    expect(lastCell).toBeInstanceOf(Date);
    expect((lastCell as Date).toISOString().slice(0, 19)).toBe(lastOnPage.slice(0, 19));
    expect(byCourse.formats['最后学习']).toBe('yyyy-mm-dd hh:mm:ss');
    expect(byCourse.rows.find((r) => r['姓名'] === '报表none')!['最后学习']).toBe('');
    // the exam beside the study: how many attempts, the best score (none sat yet here)
    expect(byCourse.rows.find((r) => r['姓名'] === '报表none')).toMatchObject({ 考试次数: 0, 最高成绩: '' });
    // a department by its path, as 学员名单 and 部门汇总 name it
    expect(byCourse.rows.find((r) => r['姓名'] === '报表part')!['部门']).toBe('报表安全部/二车间');
    const full = await sheetOf(`/api/manage/reports/class-progress/export?classId=${classId}&full=1&status=done`);
    expect(full.rows.map((r) => r['身份证号'])).toEqual(['11010519900101000X']);

    const byUnit = await sheetOf(`/api/manage/reports/class-units/export?classId=${classId}`);
    expect(byUnit.rows).toHaveLength(9);
    const partRows = byUnit.rows.filter((r) => r['姓名'] === '报表part');
    expect(partRows.reduce((s, r) => s + Number(r['已学时长（秒）']), 0)).toBe(await creditedFromEvents(ids.part));
    expect(partRows.every((r) => r['部门'] === '报表安全部/二车间')).toBe(true);
    expect(String(partRows[0]!['未计时记录'])).toMatch(/倍速×\d+/);
    expect(byUnit.rows.filter((r) => r['姓名'] === '报表whole').every((r) => r['完成'] === '是')).toBe(true);
    // the page's date range applies to 学习明细 as to the page and 班级学习情况: a later day credits nothing
    const after = new Date(now + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    const unitsLater = await sheetOf(`/api/manage/reports/class-units/export?classId=${classId}&from=${after}`);
    expect(unitsLater.rows).toHaveLength(9);
    expect(unitsLater.rows.every((r) => r['已学时长（秒）'] === 0 && r['未计时记录'] === '')).toBe(true);
    // a class of two courses: each learner's rows follow the class's course order, each course's units theirs
    const books = await server.ctx.db.selectFrom('course_books').select(['id', 'name']).execute();
    const bookId = (name: string) => books.find((b) => b.name === name)!.id;
    const two = await server.request('POST', '/api/manage/classes', {
      json: { name: '报表两课班', bookIds: [bookId('危险化学品安全'), bookId('消防安全基础')], rules: RULES },
      headers: as(admin),
    });
    expect(two.status, two.text).toBe(200);
    await server.request('POST', `/api/manage/classes/${two.body.data.id}/enrol`, {
      json: { personIds: [ids.none] },
      headers: as(admin),
    });
    const twoRows = (await sheetOf(`/api/manage/reports/class-units/export?classId=${two.body.data.id}`)).rows;
    expect(twoRows.map((r) => r['课程'])).toEqual([
      ...Array(3).fill('危险化学品安全'),
      ...Array(3).fill('消防安全基础'),
    ]);
    const unitTitles = async (book: string) =>
      (
        await server.ctx.db
          .selectFrom('course_warps')
          .select('title')
          .where('book_id', '=', bookId(book))
          .orderBy('sort_order')
          .execute()
      ).map((u) => u.title);
    expect(twoRows.map((r) => r['课件'])).toEqual([
      ...(await unitTitles('危险化学品安全')),
      ...(await unitTitles('消防安全基础')),
    ]);

    const departments = await sheetOf(`/api/manage/reports/departments/export?classId=${classId}`);
    expect(departments.rows.find((r) => r['部门'] === '报表安全部')).toMatchObject({
      参训人次: 2,
      已完成: 1,
      完成率: 0.5,
    });
    expect(departments.formats['完成率']).toBe('0%');

    const audits = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'report.export')
      .execute();
    const kinds = audits.map((a) => JSON.parse(a.summary).after.kind);
    expect(kinds).toEqual(expect.arrayContaining(['class-study', 'class-units', 'departments']));
    expect(audits.some((a) => JSON.parse(a.summary).after.fullIdNumbers === true)).toBe(true);
    // two exports of one class differ in the log as their sheets do: the dates and filters taken
    expect(audits.map((a) => JSON.parse(a.summary).after)).toContainEqual(
      expect.objectContaining({ kind: 'class-units', from: after }),
    );
    const searched = await sheetOf(
      `/api/manage/reports/class-progress/export?classId=${classId}&q=110105199001&from=${after}&to=${after}&status=done`,
    );
    // the file says the dates its 学时 cover
    expect(decodeURIComponent(searched.disposition ?? '')).toContain(`学习情况（${after}至${after}）.xlsx`);
    const exports = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'report.export')
      .execute();
    expect(exports.map((a) => JSON.parse(a.summary).after).find((a) => a.searched)).toMatchObject({
      kind: 'class-study',
      from: after,
      to: after,
      status: 'done',
    });
    // what was searched for may be an ID number: not in the log
    expect(exports.some((a) => a.summary.includes('110105199001'))).toBe(false);
    // a course filter is named in 操作日志 by its course, not shown as an id
    const course = await server.ctx.db
      .selectFrom('train_class_courses as cc')
      .innerJoin('course_books as b', 'b.id', 'cc.book_id')
      .select(['cc.id', 'b.name'])
      .where('cc.class_id', '=', classId)
      .executeTakeFirstOrThrow();
    expect(
      (await sheetOf(`/api/manage/reports/class-units/export?classId=${classId}&classCourseId=${course.id}`)).rows,
    ).not.toHaveLength(0);
    const logged = (await get('/api/manage/audit?action=report.export')).body.data.records.find(
      (r: { summary: { after: { classCourseId?: string } } }) => r.summary.after.classCourseId === course.id,
    );
    expect(logged.summaryNames[course.id]).toBe(course.name);

    // another organisation's manager gets nothing of this class
    await addOrganisation(server, '10022', '又一家单位');
    await addLearner(server, { account: 'other-admin22', password: 'other1234', role: 'admin', orgCode: '10022' });
    const other = (await login(server, 'other-admin22', 'other1234')).body.data.credentials.accessToken;
    expect((await sheetOf(`/api/manage/reports/class-progress/export?classId=${classId}`, other)).status).toBe(404);
    expect((await sheetOf(`/api/manage/reports/class-units/export?classId=${classId}`, other)).status).toBe(404);
    expect((await sheetOf(`/api/manage/reports/departments/export?classId=${classId}`, other)).status).toBe(404);
  });

  it('hands over 一人一档 as a PDF naming the learner and his 学时, its data hash on every page', async () => {
    const download = (personId: string, token = admin) =>
      fetch(`${server.baseUrl}/api/manage/archives/person/${personId}.pdf`, { headers: as(token) });
    const res = await download(ids.part);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const hash = res.headers.get('x-archive-sha256')!;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const bytes = await res.arrayBuffer();
    // the check's photo is in it
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const pages = await pdfPagesText(bytes);
    const all = pages.join('\n');
    const record = (await get(`/api/manage/reports/learners/${ids.part}`)).body.data;
    const cls = record.classes.find((c: { classId: string }) => c.classId === classId);
    for (const text of [
      '报表part',
      '二车间',
      '报表测试班',
      `已学 ${cls.creditedHours}`,
      `/ 应修 ${cls.requiredHours}，计入 ${cls.countedHours}`,
      '随机核验',
      '未通过',
      '倍速',
    ]) {
      expect(all.replace(/\s+/g, ' '), text).toContain(text);
    }
    expect(all).not.toMatch(/11010519900101\d{3}X/);
    for (const page of pages) expect(page).toContain(hash);
    // the same record, the same hash; more study, another
    expect((await download(ids.part)).headers.get('x-archive-sha256')).toBe(hash);
    const [first] = await unitsOf(ids.part);
    await play(tokens.part!, first!.id, 30, 39);
    expect((await download(ids.part)).headers.get('x-archive-sha256')).not.toBe(hash);
    const audited = await server.ctx.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'archive.person')
      .execute();
    expect(audited.map((a) => a.target_id)).toContain(ids.part);

    // nobody else's, and a name that is no archive's
    const learner = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials
      .accessToken;
    expect((await download(ids.part, learner)).status).toBe(403);
    await addOrganisation(server, '10023', '第三家单位');
    await addLearner(server, { account: 'other-admin23', password: 'other1234', role: 'admin', orgCode: '10023' });
    const other = (await login(server, 'other-admin23', 'other1234')).body.data.credentials.accessToken;
    expect((await download(ids.part, other)).status).toBe(404);
    const bad = await fetch(`${server.baseUrl}/api/manage/archives/person/..%2Fsecret.txt`, { headers: as(admin) });
    expect(bad.status).toBe(400);
  });

  it('counts today and the last 30 days on the dashboard from the records, and names a class running behind', async () => {
    const zoneDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
    const todayStart = Date.parse(`${zoneDay(now)}T00:00:00+08:00`);
    // a class half way through its period whose one member has studied nothing
    const lagging = await server.request('POST', '/api/manage/classes', {
      json: {
        name: '落后测试班',
        startDate: zoneDay(now - 10 * 86_400_000),
        endDate: zoneDay(now + 10 * 86_400_000),
        bookIds: [
          (
            await server.ctx.db
              .selectFrom('course_books')
              .select('id')
              .where('name', '=', '消防安全基础')
              .executeTakeFirstOrThrow()
          ).id,
        ],
        rules: RULES,
      },
      headers: as(admin),
    });
    expect(lagging.status, lagging.text).toBe(200);
    await server.request('POST', `/api/manage/classes/${lagging.body.data.id}/enrol`, {
      json: { personIds: [ids.none] },
      headers: as(admin),
    });

    const res = await get('/api/manage/dashboard');
    expect(res.status, res.text).toBe(200);
    const board = res.body.data;
    expect(board.series).toHaveLength(30);
    expect(board.today.day).toBe(zoneDay(now));
    expect(board.series[29]).toEqual(board.today);

    const events = await server.ctx.db
      .selectFrom('study_events')
      .select(['person_id', 'credited_seconds'])
      .where('created_at', '>=', todayStart)
      .where('credited_seconds', '>', 0)
      .execute();
    const seconds = events.reduce((s, e) => s + e.credited_seconds, 0);
    expect(seconds).toBeGreaterThan(0);
    expect(board.today.creditedHours).toBe(Math.round((seconds / 1800) * 100) / 100);
    expect(board.today.learnersActive).toBe(new Set(events.map((e) => e.person_id)).size);
    const failed = await server.ctx.db
      .selectFrom('face_checks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'failed')
      .where('due_at', '>=', todayStart)
      .executeTakeFirstOrThrow();
    expect(board.today.checksFailed).toBe(Number(failed.n));
    const attempts = await server.ctx.db
      .selectFrom('exam_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('started_at', '>=', todayStart)
      .executeTakeFirstOrThrow();
    expect(board.today.examAttempts).toBe(Number(attempts.n));
    expect(board.last30Days.creditedHours).toBeGreaterThanOrEqual(board.today.creditedHours);
    // the month's 学时 is its seconds, rounded once (not each day's rounding added up)
    const monthStart = Date.parse(`${board.series[0].day}T00:00:00+08:00`);
    const month = await server.ctx.db
      .selectFrom('study_events as e')
      .innerJoin('persons as p', 'p.id', 'e.person_id')
      .innerJoin('organisations as o', 'o.id', 'p.org_id')
      .select((eb) => eb.fn.sum<number>('e.credited_seconds').as('s'))
      .where('o.code', '=', '00000')
      .where('e.created_at', '>=', monthStart)
      .executeTakeFirstOrThrow();
    expect(board.last30Days.creditedHours).toBe(Math.round((Number(month.s) / 1800) * 100) / 100);

    const behind = board.classesBehind.find((c: { name: string }) => c.name === '落后测试班');
    expect(behind).toMatchObject({ members: 1, done: 0, progressShare: 0 });
    // ten days of twenty gone (its dates are whole days; the clock is part way into one)
    expect(behind.elapsedShare).toBeGreaterThan(0.45);
    expect(behind.elapsedShare).toBeLessThan(0.56);
    // the report's own class has no period: never behind
    expect(board.classesBehind.map((c: { name: string }) => c.name)).not.toContain('报表测试班');
    // another organisation sees none of it
    await addOrganisation(server, '10024', '第四家单位');
    await addLearner(server, { account: 'other-admin24', password: 'other1234', role: 'admin', orgCode: '10024' });
    const other = (await login(server, 'other-admin24', 'other1234')).body.data.credentials.accessToken;
    const theirs = (await get('/api/manage/dashboard', other)).body.data;
    expect(theirs.last30Days).toMatchObject({ learnersActive: 0, creditedHours: 0, examAttempts: 0 });
    expect(theirs.classesBehind).toEqual([]);
    // a new organisation has nothing yet (its first steps are shown until it has each)
    expect(theirs.setup).toEqual({ learners: 0, courses: 0, classes: 0 });
    await addLearner(server, { account: 'other-learner24', password: 'other1234', orgCode: '10024' });
    expect((await get('/api/manage/dashboard', other)).body.data.setup).toEqual({
      learners: 1,
      courses: 0,
      classes: 0,
    });
    const classes = await server.ctx.db
      .selectFrom('train_classes as c')
      .innerJoin('organisations as o', 'o.id', 'c.org_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.code', '=', '00000')
      .executeTakeFirstOrThrow();
    expect(board.setup.classes).toBe(Number(classes.n));
    expect(board.setup.learners).toBeGreaterThan(0);
    expect(board.setup.courses).toBeGreaterThan(0);
  });

  it("exports a class's exam results with each answer sheet, masked and audited", async () => {
    const demoClass = await server.ctx.db
      .selectFrom('train_persons as tp')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .select('tp.class_id')
      .where('p.account', '=', DEMO_LEARNER.account)
      .executeTakeFirstOrThrow();
    const attempts = await server.ctx.db
      .selectFrom('exam_attempts as a')
      .innerJoin('train_persons as tp', 'tp.id', 'a.train_person_id')
      .select(['a.id', 'a.score', 'a.status', 'a.paper'])
      .where('tp.class_id', '=', demoClass.class_id)
      .execute();
    expect(attempts.length).toBeGreaterThan(0);
    const res = await fetch(`${server.baseUrl}/api/manage/exam-attempts/export?classId=${demoClass.class_id}`, {
      headers: as(admin),
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const ws = workbook.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toContain('答卷');
    expect(ws.rowCount - 1).toBe(attempts.length);
    const row = ws.getRow(2).values as unknown[];
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(String(cell('身份证号'))).toMatch(/^\d{3}\*+\d{3}[\dX]$/);
    const handedIn = attempts.find((a) => a.status !== 'open')!;
    expect(cell('成绩')).toBe(handedIn.score);
    // one entry per question of the paper, each saying what was answered and whether it was right
    const questions = (JSON.parse(handedIn.paper) as unknown[]).length;
    expect(String(cell('答卷')).split('；')).toHaveLength(questions);
    expect(String(cell('答卷'))).toMatch(/^1\. 未答✗（0\/\d+(\.\d)?）/);
    const other = (await login(server, 'other-admin24', 'other1234')).body.data.credentials.accessToken;
    const theirs = await fetch(`${server.baseUrl}/api/manage/exam-attempts/export?classId=${demoClass.class_id}`, {
      headers: as(other),
    });
    expect(theirs.status).toBe(404);
  });

  it('builds 一期一档 in the background: setup, a PDF per member, the sheets, a manifest whose hashes match', async () => {
    const { default: JSZip } = await import('jszip');
    const zipUrl = `${server.baseUrl}/api/manage/archives/class/${classId}.zip`;
    expect((await fetch(zipUrl, { headers: as(admin) })).status).toBe(404);
    const other = (await login(server, 'other-admin24', 'other1234')).body.data.credentials.accessToken;
    expect((await server.request('POST', `/api/manage/archives/class/${classId}`, { headers: as(other) })).status).toBe(
      404,
    );

    const asked = await server.request('POST', `/api/manage/archives/class/${classId}`, { headers: as(admin) });
    expect(asked.status, asked.text).toBe(200);
    // asking again while it is built is the same job
    const again = await server.request('POST', `/api/manage/archives/class/${classId}`, { headers: as(admin) });
    // (three PDFs take far longer than two requests)
    expect(again.body.data.jobId).toBe(asked.body.data.jobId);
    const until = Date.now() + 90_000;
    let status = (await get(`/api/manage/archives/class/${classId}/status`)).body.data;
    while (Date.now() < until && status.status !== 'done' && status.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 200));
      status = (await get(`/api/manage/archives/class/${classId}/status`)).body.data;
    }
    expect(status).toMatchObject({ status: 'done', percent: 100, error: null });
    expect((await get(`/api/manage/archives/class/${classId}/status`, other)).status).toBe(404);

    const res = await fetch(zipUrl, { headers: as(admin) });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const hash = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(res.headers.get('x-archive-sha256')).toBe(hash);
    expect(status.ready).toMatchObject({ sha256: hash, bytes: bytes.length });
    const zip = await JSZip.loadAsync(bytes);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as {
      class: string;
      files: Array<{ path: string; sha256: string; bytes: number }>;
    };
    expect(manifest.class).toBe('报表测试班');
    // its files are dated by the study time zone's wall clock, as the manifest says it (an unzip
    // shows a ZIP's times as written)
    const produced = (JSON.parse(await zip.file('manifest.json')!.async('string')) as { producedAt: string })
      .producedAt;
    const written = zip.file('manifest.json')!.date.toISOString().slice(0, 16);
    expect(produced.slice(0, 16)).toBe(written);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names.sort()).toEqual([...manifest.files.map((f) => f.path), 'manifest.json'].sort());
    for (const f of manifest.files) {
      const data = await zip.file(f.path)!.async('nodebuffer');
      expect(crypto.createHash('sha256').update(data).digest('hex'), f.path).toBe(f.sha256);
      expect(data.length).toBe(f.bytes);
    }
    expect(names.filter((n) => n.startsWith('一人一档/') && n.endsWith('.pdf'))).toHaveLength(3);
    expect(names).toEqual(
      expect.arrayContaining([
        '报表/班级学习情况.xlsx',
        '报表/学习明细.xlsx',
        '报表/学习轨迹.xlsx',
        '报表/部门汇总.xlsx',
        '报表/考试成绩.xlsx',
        '报表/核验记录.xlsx',
      ]),
    );
    // the check photo itself, and the records sheet linking to it inside the archive
    const photos = names.filter((n) => n.startsWith('核验照片/'));
    expect(photos).toHaveLength(1);
    const held = await server.ctx.files.read(
      (
        await server.ctx.db
          .selectFrom('face_attempts')
          .select('photo_key')
          .where('person_id', '=', ids.part)
          .executeTakeFirstOrThrow()
      ).photo_key!,
    );
    const chunks: Buffer[] = [];
    for await (const c of held!) chunks.push(c as Buffer);
    expect(await zip.file(photos[0]!)!.async('nodebuffer')).toEqual(Buffer.concat(chunks));
    const ExcelJS = (await import('exceljs')).default;
    const checks = new ExcelJS.Workbook();
    await checks.xlsx.load(await zip.file('报表/核验记录.xlsx')!.async('arraybuffer'));
    const checkSheet = checks.worksheets[0]!;
    const header = (checkSheet.getRow(1).values as unknown[]).slice(1);
    const row = checkSheet.getRow(2);
    expect(row.getCell(header.indexOf('姓名') + 1).value).toBe('报表part');
    expect(row.getCell(header.indexOf('本次得分') + 1).value).toBe(0.31);
    expect((row.getCell(header.indexOf('照片') + 1).value as { hyperlink: string }).hyperlink).toBe(`../${photos[0]}`);
    // every report of the class's learners, as recorded, with the logins they came in on
    const trail = new ExcelJS.Workbook();
    await trail.xlsx.load(await zip.file('报表/学习轨迹.xlsx')!.async('arraybuffer'));
    const events = await server.ctx.db
      .selectFrom('study_events as e')
      .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
      .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tp.class_id', '=', classId)
      .executeTakeFirstOrThrow();
    expect(trail.worksheets.map((ws) => ws.name)).toEqual(['学习轨迹', '考试记录', '登录记录']);
    expect(trail.worksheets[0]!.actualRowCount - 1).toBe(Number(events.n));
    const setup = JSON.parse(await zip.file('班级设置.json')!.async('string'));
    expect(setup).toMatchObject({ name: '报表测试班', members: 3, courses: [{ name: '消防安全基础' }] });
    const downloads = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', classId)
      .where('action', 'like', 'archive.class%')
      .execute();
    expect(downloads.map((a) => a.action).sort()).toEqual(['archive.class', 'archive.class.download']);
  }, 120_000);

  it('reports one course of a class: its status, its 学时 from the record, its sheet rows', async () => {
    const books = await server.ctx.db
      .selectFrom('course_books')
      .select(['id', 'name'])
      .where('name', 'in', ['消防安全基础', '危险化学品安全'])
      .execute();
    const bookId = (name: string) => books.find((b) => b.name === name)!.id;
    const two = await server.request('POST', '/api/manage/classes', {
      json: { name: '两门课班', bookIds: [bookId('消防安全基础'), bookId('危险化学品安全')], rules: RULES },
      headers: as(admin),
    });
    const twoId: string = two.body.data.id;
    await server.request('POST', `/api/manage/classes/${twoId}/enrol`, {
      json: { personIds: [ids.part] },
      headers: as(admin),
    });
    const [fire, chemicals] = two.body.data.courses as Array<{ trainClassCourseId: string }>;
    // he studies a little of the fire course only
    const unit = await server.ctx.db
      .selectFrom('train_warp_courses as w')
      .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
      .select('w.id')
      .where('tp.class_id', '=', twoId)
      .where('w.class_course_id', '=', fire!.trainClassCourseId)
      .executeTakeFirstOrThrow();
    await play(tokens.part!, unit.id, 0, 30);
    const fromEvents = async (classCourseId: string) =>
      Number(
        (
          await server.ctx.db
            .selectFrom('study_events as e')
            .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
            .select((eb) => eb.fn.sum<number>('e.credited_seconds').as('s'))
            .where('w.class_course_id', '=', classCourseId)
            .executeTakeFirstOrThrow()
        ).s ?? 0,
      );
    const page = async (query: string) =>
      (await get(`/api/manage/reports/class-progress?classId=${twoId}&${query}`)).body.data;
    const all = await page('');
    expect(all.courses.map((c: { name: string }) => c.name)).toEqual(['消防安全基础', '危险化学品安全']);
    const onFire = (await page(`classCourseId=${fire!.trainClassCourseId}`)).records[0];
    expect(onFire).toMatchObject({ status: 'studying', courseCount: 1 });
    expect(onFire.creditedSeconds).toBe(await fromEvents(fire!.trainClassCourseId));
    expect(onFire.creditedSeconds).toBeGreaterThan(0);
    // one course's 学时 as 我的学习 and the sheet give one course's: cut down, never rounded up
    const hour = server.ctx.config.study.secondsPerClassHour;
    expect(onFire.creditedHours).toBe(creditHours(onFire.creditedSeconds, hour));
    const onChemicals = (await page(`classCourseId=${chemicals!.trainClassCourseId}`)).records[0];
    expect(onChemicals).toMatchObject({ status: 'not-started', creditedSeconds: 0, courseCount: 1 });
    // unfiltered, his figure is the courses' figures added up, in the report and in his record
    expect(all.records[0].creditedHours).toBe(
      Math.round((onFire.creditedHours + onChemicals.creditedHours) * 100) / 100,
    );
    const record = (await get(`/api/manage/reports/learners/${all.records[0].personId}`)).body.data.classes.find(
      (c: { classId: string }) => c.classId === twoId,
    );
    expect(record.creditedHours).toBe(all.records[0].creditedHours);
    // status filters by that course alone
    expect((await page(`classCourseId=${chemicals!.trainClassCourseId}&status=not-started`)).total).toBe(1);
    expect((await page(`classCourseId=${fire!.trainClassCourseId}&status=not-started`)).total).toBe(0);
    // the sheet: that course's rows only
    const sheet = await fetch(
      `${server.baseUrl}/api/manage/reports/class-progress/export?classId=${twoId}&classCourseId=${fire!.trainClassCourseId}`,
      { headers: as(admin) },
    );
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await sheet.arrayBuffer());
    const rows = book.worksheets[0]!.getColumn(5).values.slice(2);
    expect(rows).toEqual(['消防安全基础']);
    // a course of another class is not this class's
    const wrong = await get(
      `/api/manage/reports/class-progress?classId=${classId}&classCourseId=${fire!.trainClassCourseId}`,
    );
    expect(wrong.status).toBe(404);
  });
});
