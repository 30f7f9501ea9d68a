import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
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
import { studyDay } from '../../core/study-day.js';
import { recordTime } from '../../core/record-time.js';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};

/**
 * 核验审核 (issue: Console III): a learner studies, passes a check, studies on, passes a second
 * check with a score just over the line, studies on. The manager finds the doubtful check in
 * the queue beside the reference photo and voids it: exactly the credit earned since the first
 * check is taken back — by compensating study events, nothing deleted — his unit and course
 * records fall back to where they stood then, the reports follow, and he earns it again by
 * studying that stretch again.
 */
describe.each(dialects)('face-check review on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(3);
  let admin: string;
  let learner: string;
  let personId: string;
  let trainPersonId: string;
  let classId: string;
  let units: Array<{ id: string; duration_seconds: number }>;
  const checks: Record<'first' | 'doubtful' | 'failed', string> = { first: '', doubtful: '', failed: '' };
  let firstPassedAt = 0;
  const as = (token: string) => ({ Authorization: token });

  const play = (unitId: string, start: number, end: number) =>
    playUnit(server, learner, unitId, { start, end, advance: (ms) => (now += ms) });
  const check = async (status: 'passed' | 'failed', score: number) => {
    now += 1000;
    const { facePhotos } = await import('../../../test/face-photos.js');
    const { checkId } = await insertFaceCheck(server, {
      personId,
      trainPersonId,
      status,
      score,
      at: now,
      warpCourseId: units[0]!.id,
      photo: { bytes: facePhotos.hopper(), hashed: true, ip: '203.0.113.9', userAgent: PHONE_UA },
    });
    now += 1000;
    return checkId;
  };
  const eventsSum = async (from = 0) =>
    Number(
      (
        await server.ctx.db
          .selectFrom('study_events as e')
          .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
          .select((eb) => eb.fn.sum<number>('e.credited_seconds').as('s'))
          .where('w.train_person_id', '=', trainPersonId)
          .where('e.created_at', '>', from)
          .executeTakeFirstOrThrow()
      ).s ?? 0,
    );
  const unitRecord = (id: string) =>
    server.ctx.db
      .selectFrom('train_warp_courses')
      .select(['study_length', 'furthest_seconds', 'learn_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now, env: { ACCESS_TOKEN_MINUTES: '1440' } });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    personId = await addLearner(server, { account: 'reviewed', password: 'reviewed1234' });
    learner = (await login(server, 'reviewed', 'reviewed1234')).body.data.credentials.accessToken;
    const fire = await server.ctx.db
      .selectFrom('course_books')
      .select('id')
      .where('name', '=', '消防安全基础')
      .executeTakeFirstOrThrow();
    const created = await server.request('POST', '/api/manage/classes', {
      json: { name: '核验审核班', bookIds: [fire.id], rules: RULES },
      headers: as(admin),
    });
    classId = created.body.data.id;
    await server.request('POST', `/api/manage/classes/${classId}/enrol`, {
      json: { personIds: [personId] },
      headers: as(admin),
    });
    trainPersonId = (
      await server.ctx.db
        .selectFrom('train_persons')
        .select('id')
        .where('class_id', '=', classId)
        .executeTakeFirstOrThrow()
    ).id;
    units = await server.ctx.db
      .selectFrom('train_warp_courses as w')
      .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
      .select(['w.id', 'cw.duration_seconds'])
      .where('w.train_person_id', '=', trainPersonId)
      .orderBy('cw.sort_order')
      .execute();

    await play(units[0]!.id, 0, 20);
    checks.first = await check('passed', 0.95);
    firstPassedAt = now - 1000;
    await play(units[0]!.id, 20, units[0]!.duration_seconds);
    checks.doubtful = await check('passed', 0.7);
    // the next study day (his tokens last a day)
    now += 22 * 3600_000;
    await play(units[1]!.id, 0, 20);
    checks.failed = await check('failed', 0.31);
  }, 120_000);
  afterAll(() => server.close());

  it('queues the doubtful and the failed check with both photos, score, address and device', async () => {
    const res = await server.request('GET', '/api/manage/face-checks/review', { headers: as(admin) });
    expect(res.status, res.text).toBe(200);
    const queue = res.body.data.records as Array<{
      checkId: string;
      referenceUrl: string;
      attempts: Array<{ photoUrl: string; ip: string; device: string; score: number }>;
    }>;
    const ids = queue.map((c) => c.checkId);
    expect(ids).toEqual(expect.arrayContaining([checks.doubtful, checks.failed]));
    // a clear pass is not in it
    expect(ids).not.toContain(checks.first);
    const doubtful = queue.find((c) => c.checkId === checks.doubtful)!;
    expect((doubtful as unknown as { confirmable: boolean }).confirmable).toBe(true);
    expect(doubtful.attempts[0]).toMatchObject({
      ip: '203.0.113.9',
      device: PHONE_UA,
      // as a manager reads it, the whole text kept beside it
      deviceName: 'WeChat 8.0 · iOS 17.0 · Apple iPhone',
      score: 0.7,
    });
    // he never set a reference photo: none is offered
    expect(doubtful.referenceUrl).toBeNull();
    const photo = await fetch(server.baseUrl + doubtful.attempts[0]!.photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(server.baseUrl + doubtful.attempts[0]!.photoUrl.split('?')[0])).status).toBe(400);
    const forged = doubtful.attempts[0]!.photoUrl.replace(/sig=[^&]+/, 'sig=' + 'a'.repeat(64));
    expect((await fetch(server.baseUrl + forged)).status).toBe(403);
  });

  it('voids the doubtful check: exactly the credit since the last trusted check is taken back, nothing deleted', async () => {
    const eventsBefore = await server.ctx.db.selectFrom('study_events').select('id').execute();
    const since = await eventsSum(firstPassedAt);
    const standing = await eventsSum();
    expect(since).toBeGreaterThan(20);
    const studyTime = async () =>
      (await server.request('GET', `/api/train/cls_Warp/select-study-time/${personId}`, { headers: as(learner) })).body
        .data as { todaySeconds: number; daily: Array<{ day: string; seconds: number }> };
    const yesterday = studyDay(now - 22 * 3600_000, server.ctx.config.study.timeZone);
    const today = studyDay(now, server.ctx.config.study.timeZone);
    const creditOn = (days: Array<{ day: string; seconds: number }>, day: string) =>
      days.find((d) => d.day === day)?.seconds;
    const before = await studyTime();
    expect(before.todaySeconds).toBe(Math.round(await eventsSum(now - 3600_000)));
    expect(creditOn(before.daily, yesterday)).toBe(Math.round(standing - before.todaySeconds));
    // a failed check let nothing through: it can be confirmed, not voided
    const wrong = await server.request('POST', `/api/manage/face-checks/${checks.failed}/review`, {
      json: { decision: 'void', reason: '未通过' },
      headers: as(admin),
    });
    expect(wrong.status).toBe(409);

    const voided = await server.request('POST', `/api/manage/face-checks/${checks.doubtful}/review`, {
      json: { decision: 'void', reason: '照片与本人不符，疑似代学' },
      headers: as(admin),
    });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toEqual({
      decision: 'voided',
      voidedSeconds: since,
      examsVoided: 0,
      certificateWithdrawn: null,
    });
    // the record stands: every event still there, compensations added, the sum what remains
    const eventsAfter = await server.ctx.db.selectFrom('study_events').select('id').execute();
    expect(eventsAfter.length).toBeGreaterThan(eventsBefore.length);
    expect(eventsAfter.map((e) => e.id)).toEqual(expect.arrayContaining(eventsBefore.map((e) => e.id)));
    expect(await eventsSum()).toBe(standing - since);
    // his records fall back to where they stood at the first check
    const first = await unitRecord(units[0]!.id);
    expect(first).toMatchObject({ furthest_seconds: 20, learn_status: 1 });
    expect(first.study_length).toBe(standing - since);
    expect(await unitRecord(units[1]!.id)).toMatchObject({ study_length: 0, furthest_seconds: 0, learn_status: 0 });
    const course = await server.ctx.db
      .selectFrom('train_person_courses')
      .select(['studied_seconds', 'learn_status'])
      .where('train_person_id', '=', trainPersonId)
      .executeTakeFirstOrThrow();
    expect(course).toEqual({ studied_seconds: standing - since, learn_status: 1 });
    // his days give back what they counted of it, each what was earned on it: today's study all
    // came after the first check, yesterday's keeps what came before it (and today's cap is free)
    const after = await studyTime();
    expect(after.todaySeconds).toBe(0);
    expect(creditOn(after.daily, today)).toBe(0);
    expect(creditOn(after.daily, yesterday)).toBe(Math.round(standing - since));
    // the reports follow the record
    const progress = (
      await server.request('GET', `/api/manage/reports/class-progress?classId=${classId}`, { headers: as(admin) })
    ).body.data.records[0];
    expect(progress.creditedSeconds).toBe(standing - since);
    // 最后学习 is the last credit that stands, not a moment of the stretch taken back
    const moment = async (fn: 'min' | 'max', unitId?: string) => {
      const row = await server.ctx.db
        .selectFrom('study_events as e')
        .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
        .select((eb) => eb.fn[fn]<number>('e.created_at').as('at'))
        .where('w.train_person_id', '=', trainPersonId)
        .where('e.credited_seconds', '>', 0)
        .where('e.created_at', '<=', firstPassedAt)
        .$if(unitId !== undefined, (q) => q.where('w.id', '=', unitId!))
        .executeTakeFirstOrThrow();
      return recordTime(Number(row.at));
    };
    const lastStanding = await moment('max');
    expect(progress.lastStudyAt).toBe(lastStanding);
    const members = (await server.request('GET', `/api/manage/classes/${classId}/members`, { headers: as(admin) })).body
      .data.records;
    expect(members[0].lastStudyAt).toBe(lastStanding);
    // over a period, the credit taken back leaves the days it was counted in, as his chart has
    // it: the day he studied keeps what stands, the void's day shows no negative 学时
    const inPeriod = async (from: string, to: string) =>
      (
        await server.request('GET', `/api/manage/reports/class-progress?classId=${classId}&from=${from}&to=${to}`, {
          headers: as(admin),
        })
      ).body.data.records[0].creditedSeconds as number;
    expect(await inPeriod(yesterday, yesterday)).toBe(standing - since);
    expect(await inPeriod(today, today)).toBe(0);
    const departments = (
      await server.request('GET', `/api/manage/reports/departments?classId=${classId}&from=${today}&to=${today}`, {
        headers: as(admin),
      })
    ).body.data as Array<{ creditedSeconds: number }>;
    expect(departments.every((d) => d.creditedSeconds >= 0)).toBe(true);
    const record = (await server.request('GET', `/api/manage/reports/learners/${personId}`, { headers: as(admin) }))
      .body.data;
    expect(record.classes[0].courses[0].units[0].refusals.VOIDED).toBe(1);
    // first studied: when the first standing stretch began (its report is written as it ends)
    const stretches = await server.ctx.db
      .selectFrom('study_events')
      .select(['created_at', 'credited_seconds'])
      .where('warp_course_id', '=', units[0]!.id)
      .where('credited_seconds', '>', 0)
      .where('created_at', '<=', firstPassedAt)
      .execute();
    expect(record.classes[0].courses[0].units[0]).toMatchObject({
      firstStudyAt: recordTime(
        Math.min(...stretches.map((e) => Math.trunc(Number(e.created_at) - e.credited_seconds * 1000))),
      ),
      lastStudyAt: lastStanding,
    });
    // the second unit's study was all taken back: never studied, as far as credit goes
    expect(record.classes[0].courses[0].units[1]).toMatchObject({ firstStudyAt: null, lastStudyAt: null });
    // the voided check is told as voided, not as the pass it was, wherever checks are counted
    expect(progress.faceChecks).toEqual({ passed: 1, failed: 1, pending: 0, missed: 0, voided: 1, refusedCopies: 0 });
    const told = record.classes[0].faceChecks as Array<{ checkId: string; status: string }>;
    expect(told.find((c) => c.checkId === checks.doubtful)?.status).toBe('voided');
    expect(told.find((c) => c.checkId === checks.first)?.status).toBe('passed');
    const board = (await server.request('GET', '/api/manage/dashboard', { headers: as(admin) })).body.data;
    const month = board.last30Days;
    expect(month).toMatchObject({ checksPassed: 1, checksFailed: 1, checksPending: 0 });
    // today's study was all taken back: no 学时 and no learner active today, none negative
    expect(board.today).toMatchObject({ creditedHours: 0, learnersActive: 0 });
    expect(board.series.every((d: { creditedHours: number }) => d.creditedHours >= 0)).toBe(true);
    // the learner is told, in his notices, that the check was voided, why, and that credit went
    const notices = (await server.request('GET', '/notice/getList', { headers: as(learner) })).body.data.list as Array<{
      title: string;
      notice: string;
    }>;
    const notice = notices.find((n) => n.title === '人脸核验已作废');
    expect(notice?.notice).toContain('原因：照片与本人不符，疑似代学');
    // the check by the time he passed it, the time 核验审核 showed the manager
    const voidedCheck = await server.ctx.db
      .selectFrom('face_checks')
      .select('passed_at')
      .where('id', '=', checks.doubtful)
      .executeTakeFirstOrThrow();
    const passedAt = recordTime(Number(voidedCheck.passed_at)).slice(0, 16).replace('T', ' ');
    expect(notice?.notice).toContain(`您在${passedAt}通过的`);
    expect(notice?.notice).toContain('已撤销');
    // how much, to the second, as 核验审核 says it (30 s read 约 1 分钟)
    const { voided_seconds: taken } = await server.ctx.db
      .selectFrom('face_check_reviews')
      .select('voided_seconds')
      .where('check_id', '=', checks.doubtful)
      .executeTakeFirstOrThrow();
    const seconds = Math.round(Number(taken));
    expect(seconds).toBeGreaterThan(0);
    // (the test's stretch is under a minute: N秒)
    expect(seconds).toBeLessThan(60);
    expect(notice?.notice).toContain(`计入的学时（${seconds}秒）已撤销`);
    // his own list of checks says so too, counting every photo he sent as the console does
    const mine = (
      await server.request('POST', '/api/train/class/getCheckList', {
        json: { current: 1, size: 20, trainClassId: classId },
        headers: as(learner),
      })
    ).body.data;
    const voidedRow = mine.records.find((c: { checkId: string }) => c.checkId === checks.doubtful);
    expect(voidedRow).toMatchObject({ status: 'voided', attempts: 1 });
    expect(mine.counts).toMatchObject({ passed: 1, voided: 1 });
    // and the class's last 7 days, as the learner sees them, count what stands
    const info = (
      await server.request('GET', `/api/train/person/select-class-info/${classId}`, { headers: as(learner) })
    ).body.data;
    expect(info.activity).toEqual({ activeLearners: 1, studySeconds: Math.round(standing - since) });

    // reviewed once only; audited; listed among the reviewed
    expect(
      (
        await server.request('POST', `/api/manage/face-checks/${checks.doubtful}/review`, {
          json: { decision: 'confirm', reason: '再审' },
          headers: as(admin),
        })
      ).status,
    ).toBe(409);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', checks.doubtful)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['face-check.void']);
    const reviewed = (
      await server.request('GET', '/api/manage/face-checks/review?state=reviewed', { headers: as(admin) })
    ).body.data.records;
    expect(reviewed.find((c: { checkId: string }) => c.checkId === checks.doubtful).review).toMatchObject({
      decision: 'voided',
      voidedSeconds: since,
    });
  });

  it('credits the stretch again when he studies it again', async () => {
    now += 60_000;
    await play(units[0]!.id, 20, units[0]!.duration_seconds);
    const first = await unitRecord(units[0]!.id);
    expect(first.learn_status).toBe(2);
    expect(first.furthest_seconds).toBe(units[0]!.duration_seconds);
    expect(first.study_length).toBe((await eventsSum(0)) - (await unitRecord(units[1]!.id)).study_length);
  });

  it('confirms a check without a word needed, names who reviewed it and when, and keeps learners and other organisations out', async () => {
    // a void must say why (the learner is told it); a confirmation may go without a word
    const unsaid = await server.request('POST', `/api/manage/face-checks/${checks.first}/review`, {
      json: { decision: 'void', reason: '  ' },
      headers: as(admin),
    });
    expect(unsaid.status).toBe(400);
    expect(unsaid.body.msg).toContain('请填写作废原因');
    const confirmed = await server.request('POST', `/api/manage/face-checks/${checks.failed}/review`, {
      json: { decision: 'confirm' },
      headers: as(admin),
    });
    expect(confirmed.body.data).toEqual({
      decision: 'confirmed',
      voidedSeconds: 0,
      examsVoided: 0,
      certificateWithdrawn: null,
    });
    const reviewed = await server.request('GET', `/api/manage/face-checks/review?check=${checks.failed}`, {
      headers: as(admin),
    });
    expect(reviewed.body.data.records[0].review).toMatchObject({
      decision: 'confirmed',
      reason: '',
      reviewerName: DEMO_ADMIN.name,
      reviewedAt: recordTime(now),
    });
    const learnerToken = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials
      .accessToken;
    expect((await server.request('GET', '/api/manage/face-checks/review', { headers: as(learnerToken) })).status).toBe(
      403,
    );
    await addOrganisation(server, '10026', '另一家单位');
    await addLearner(server, { account: 'other-admin26', password: 'other1234', role: 'admin', orgCode: '10026' });
    const other = (await login(server, 'other-admin26', 'other1234')).body.data.credentials.accessToken;
    expect(
      (await server.request('GET', '/api/manage/face-checks/review', { headers: as(other) })).body.data.total,
    ).toBe(0);
    expect(
      (
        await server.request('POST', `/api/manage/face-checks/${checks.first}/review`, {
          json: { decision: 'void', reason: '越权' },
          headers: as(other),
        })
      ).status,
    ).toBe(404);
  });

  it("exports the class's face-check records: a row per attempt, each linking to its check in 核验审核; audited", async () => {
    const ExcelJS = (await import('exceljs')).default;
    await setIdCard(server, personId, '110105199001010123');
    // his workshop, named with its parent as in every other sheet (two workshops are both 一车间)
    const { org_id: orgId } = await server.ctx.db
      .selectFrom('persons')
      .select('org_id')
      .where('id', '=', personId)
      .executeTakeFirstOrThrow();
    const [parent, child] = [crypto.randomUUID(), crypto.randomUUID()];
    await server.ctx.db
      .insertInto('departments')
      .values([
        { id: parent, org_id: orgId, parent_id: null, name: '生产部', created_at: Date.now(), updated_at: Date.now() },
        { id: child, org_id: orgId, parent_id: parent, name: '一车间', created_at: Date.now(), updated_at: Date.now() },
      ])
      .execute();
    await server.ctx.db.updateTable('persons').set({ department_id: child }).where('id', '=', personId).execute();
    // what made 核验审核 look at the doubtful one
    await server.ctx.db
      .updateTable('face_checks')
      .set({ flags: 'OTHER_FACE,STILL_SCENE' })
      .where('id', '=', checks.doubtful)
      .execute();
    const res = await fetch(`${server.baseUrl}/api/manage/face-checks/export?classId=${classId}`, {
      headers: as(admin),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('核验审核班-核验记录.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(['姓名', '身份证号', '核验结果', '本次得分', 'IP', '设备', '审核', '照片']),
    );
    const col = (name: string) => header.indexOf(name) + 1;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    // one attempt for each of the three checks, in the order they were due
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.getCell(col('本次得分')).value)).toEqual([0.95, 0.7, 0.31]);
    expect(rows.map((r) => r.getCell(col('审核')).value ?? '')).toEqual(['', '已作废', '已确认']);
    // counting 通过 in 核验结果 counts the passes that stand: the voided one says so
    expect(rows.map((r) => r.getCell(col('核验结果')).value)).toEqual(['通过', '已作废', '未通过']);
    expect(rows[1]!.getCell(col('本次结果')).value).toBe('通过');
    expect(rows.map((r) => r.getCell(col('疑点')).value ?? '')).toEqual(['', '曾有不符面孔、画面连续相同', '']);
    expect(rows[1]!.getCell(col('IP')).value).toBe('203.0.113.9');
    expect(rows[1]!.getCell(col('设备')).value).toBe('WeChat 8.0 · iOS 17.0 · Apple iPhone');
    expect(rows[1]!.getCell(col('设备（原文）')).value).toBe(PHONE_UA);
    // who decided each, and when
    expect(rows.map((r) => r.getCell(col('审核人')).value ?? '')).toEqual(['', DEMO_ADMIN.name, DEMO_ADMIN.name]);
    expect(rows[2]!.getCell(col('审核时间')).value).toBeInstanceOf(Date);
    expect(rows[0]!.getCell(col('部门')).value).toBe('生产部/一车间');
    // the page's own camera, a computer's or a phone's alike (a phone's photos said 电脑摄像头)
    expect(rows[0]!.getCell(col('方式')).value).toBe('本机摄像头');
    // ID numbers masked unless asked whole
    expect(rows[0]!.getCell(col('身份证号')).value).toBe('110***********0123');
    const link = rows[1]!.getCell(col('照片')).value as { text: string; hyperlink: string };
    expect(link.hyperlink).toBe(`${server.baseUrl}/#/manage/face-review?check=${checks.doubtful}`);
    // the link opens that check, whatever its state, for the organisation's manager only
    const one = await server.request('GET', `/api/manage/face-checks/review?check=${checks.first}`, {
      headers: as(admin),
    });
    expect(one.body.data.records.map((r: { checkId: string }) => r.checkId)).toEqual([checks.first]);
    // which of two learners of one name: his masked ID number and department, never the whole number
    expect(one.body.data.records[0]).toMatchObject({ idCard: '110***********0123', departmentName: '生产部/一车间' });
    expect(one.text).not.toContain('110105199001010123');
    // a clear pass has nothing to confirm (it can still be voided)
    expect(one.body.data.records[0].confirmable).toBe(false);
    const confirm = await server.request('POST', `/api/manage/face-checks/${checks.first}/review`, {
      json: { decision: 'confirm', reason: '看过了' },
      headers: as(admin),
    });
    expect(confirm.status).toBe(409);
    expect(confirm.body.msg).toBe('该核验已通过且相似度正常，无需确认');
    const full = await fetch(`${server.baseUrl}/api/manage/face-checks/export?classId=${classId}&full=1`, {
      headers: as(admin),
    });
    const whole = new ExcelJS.Workbook();
    await whole.xlsx.load(await full.arrayBuffer());
    expect(whole.worksheets[0]!.getRow(2).getCell(col('身份证号')).value).toBe('110105199001010123');
    const audits = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'report.export')
      .execute();
    expect(audits.map((a) => JSON.parse(a.summary).after)).toEqual([
      { kind: 'face-checks', classId, fullIdNumbers: false },
      { kind: 'face-checks', classId, fullIdNumbers: true },
    ]);
    await addOrganisation(server, '10027', '又一家单位');
    await addLearner(server, { account: 'other-admin27', password: 'other1234', role: 'admin', orgCode: '10027' });
    const other = (await login(server, 'other-admin27', 'other1234')).body.data.credentials.accessToken;
    expect(
      (await fetch(`${server.baseUrl}/api/manage/face-checks/export?classId=${classId}`, { headers: as(other) }))
        .status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/manage/face-checks/review?check=${checks.first}`, { headers: as(other) })).body
        .data.total,
    ).toBe(0);
    expect(
      (await fetch(`${server.baseUrl}/api/manage/face-checks/export?classId=${classId}`, { headers: as(learner) }))
        .status,
    ).toBe(403);
  });

  it('queues a check whose window closed on photos refused as copies as 未通过, as the reports tell it', async () => {
    const { facePhotos } = await import('../../../test/face-photos.js');
    const { checkId } = await insertFaceCheck(server, {
      personId,
      trainPersonId,
      status: 'pending',
      at: now,
      photo: { bytes: facePhotos.hopper() },
    });
    await server.ctx.db
      .updateTable('face_attempts')
      .set({ result: 'rejected', reason: 'REPLAY' })
      .where('check_id', '=', checkId)
      .execute();
    const queued = async () =>
      (
        (await server.request('GET', '/api/manage/face-checks/review', { headers: as(admin) })).body.data
          .records as Array<{
          checkId: string;
          status: string;
          confirmable: boolean;
          review: unknown;
        }>
      ).find((r) => r.checkId === checkId);
    // under way: nothing to review yet
    expect(await queued()).toBeUndefined();
    now += 3 * 60_000;
    expect(await queued()).toMatchObject({ status: 'failed', confirmable: true });
    const confirmed = await server.request('POST', `/api/manage/face-checks/${checkId}/review`, {
      json: { decision: 'confirm' },
      headers: as(admin),
    });
    expect(confirmed.body.data?.decision, confirmed.text).toBe('confirmed');
    expect(await queued()).toBeUndefined();
    const again = await server.request('POST', `/api/manage/face-checks/${checkId}/review`, {
      json: { decision: 'confirm' },
      headers: as(admin),
    });
    expect(again.status).toBe(409);
    // he passes it late, after the copies (as the identity feature flags such a pass): news the
    // confirmation did not see, so it waits for review again — and may be voided (helper-87)
    now += 60_000;
    await server.ctx.db
      .updateTable('face_checks')
      .set({ status: 'passed', passed_at: now, best_score: 0.9, flags: 'REFUSED_COPIES' })
      .where('id', '=', checkId)
      .execute();
    expect(await queued()).toMatchObject({ status: 'passed', confirmable: true, review: null });
    const voided = await server.request('POST', `/api/manage/face-checks/${checkId}/review`, {
      json: { decision: 'void', reason: '先用照片翻拍，后补核验' },
      headers: as(admin),
    });
    expect(voided.body.data?.decision, voided.text).toBe('voided');
    expect(await queued()).toBeUndefined();
    const reviewed = await server.request('GET', `/api/manage/face-checks/review?check=${checkId}`, {
      headers: as(admin),
    });
    expect(reviewed.body.data.records[0].review).toMatchObject({ decision: 'voided' });
  });
});
