import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import {
  addLearner,
  addOrganisation,
  dialects,
  login,
  playUnit,
  setIdCard,
  startServer,
  tomorrowAt,
  type TestServer,
} from '../../../test/harness.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

type Row = Record<string, unknown>;

/**
 * 学习轨迹 (helper-82's audit): a manager hands a regulator every report a learner's player
 * sent, what the server credited for each or why not, and the login, address and browser it
 * came from — each tied to a row of 登录记录 — with the exam attempts, from a real study.
 */
describe.each(dialects)('学习轨迹 on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(1);
  let admin: string;
  let classId: string;
  const person: Record<'a' | 'b', string> = { a: '', b: '' };
  const member: Record<'a' | 'b', string> = { a: '', b: '' };
  const as = (token: string) => ({ Authorization: token });

  /** The workbook's sheets, each as rows keyed by its header. */
  const bookOf = async (query: string, token = admin) => {
    const res = await fetch(`${server.baseUrl}/api/manage/reports/class-trail/export?${query}`, {
      headers: as(token),
    });
    if (res.status !== 200) return { status: res.status, sheets: {} as Record<string, Row[]>, disposition: '' };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheets: Record<string, Row[]> = {};
    for (const ws of workbook.worksheets) {
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      const rows: Row[] = [];
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const values = (row.values as unknown[]).slice(1);
        rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])));
      });
      sheets[ws.name] = rows;
    }
    return {
      status: res.status,
      sheets,
      disposition: decodeURIComponent(res.headers.get('content-disposition') ?? ''),
    };
  };

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now, env: { ACCESS_TOKEN_MINUTES: '1440' } });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const post = async (url: string, json: unknown, token = admin) => {
      const res = await server.request('POST', url, { json, headers: as(token) });
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      return res.body.data;
    };
    for (const key of ['a', 'b'] as const) {
      person[key] = await addLearner(server, { account: `trail-${key}`, password: 'trail1234' });
      await server.ctx.db
        .updateTable('persons')
        .set({ name: `轨迹${key}` })
        .where('id', '=', person[key])
        .execute();
    }
    await setIdCard(server, person.a, '11010519900101011X');
    const fire = await server.ctx.db
      .selectFrom('course_books')
      .select('id')
      .where('name', '=', '消防安全基础')
      .executeTakeFirstOrThrow();
    classId = (await post('/api/manage/classes', { name: '轨迹班', bookIds: [fire.id], rules: RULES })).id;
    await post(`/api/manage/classes/${classId}/enrol`, { personIds: [person.a, person.b] });
    const members = await server.ctx.db
      .selectFrom('train_persons')
      .select(['id', 'person_id'])
      .where('class_id', '=', classId)
      .execute();
    for (const key of ['a', 'b'] as const) member[key] = members.find((m) => m.person_id === person[key])!.id;
    const unit = await server.ctx.db
      .selectFrom('train_warp_courses as w')
      .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
      .select(['w.id', 'w.class_course_id'])
      .where('w.train_person_id', '=', member.a)
      .orderBy('cw.sort_order')
      .executeTakeFirstOrThrow();
    const advance = (ms: number) => (now += ms);

    // on his phone: 30 s, then a try at double speed (refused)
    const phone = (await login(server, 'trail-a', 'trail1234', { 'user-agent': PHONE })).body.data.credentials
      .accessToken;
    await playUnit(server, phone, unit.id, { start: 0, end: 30, advance, userAgent: PHONE });
    await playUnit(server, phone, unit.id, { start: 30, end: 40, rate: 2, advance, userAgent: PHONE });
    // then on a desktop (the phone's login is replaced): 20 s more and the exam
    now += 3600_000;
    const desk = (await login(server, 'trail-a', 'trail1234', { 'user-agent': DESKTOP })).body.data.credentials
      .accessToken;
    await playUnit(server, desk, unit.id, { start: 30, end: 50, advance, userAgent: DESKTOP });
    const exam = await server.request('POST', '/api/exam/mock/start', {
      json: { trainClassCourseId: unit.class_course_id },
      headers: { ...as(desk), 'user-agent': DESKTOP },
    });
    expect(exam.status, exam.text).toBe(200);
    // the other learner studies too: not in a sheet of the first alone
    const b = (await login(server, 'trail-b', 'trail1234')).body.data.credentials.accessToken;
    const unitB = await server.ctx.db
      .selectFrom('train_warp_courses')
      .select('id')
      .where('train_person_id', '=', member.b)
      .executeTakeFirstOrThrow();
    await playUnit(server, b, unitB.id, { start: 0, end: 20, advance });
  }, 120_000);
  afterAll(() => server.close());

  it('lists every report with its credit or refusal, tied to the login, address and browser it came from', async () => {
    const { status, sheets, disposition } = await bookOf(`classId=${classId}&trainPersonId=${member.a}`);
    expect(status).toBe(200);
    expect(disposition).toContain('轨迹班-轨迹a-学习轨迹.xlsx');
    expect(Object.keys(sheets)).toEqual(['学习轨迹', '考试记录', '登录记录']);
    const events = await server.ctx.db
      .selectFrom('study_events as e')
      .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
      .select(['e.credited_seconds', 'e.refusal', 'e.session_id'])
      .where('w.train_person_id', '=', member.a)
      .execute();
    const trail = sheets['学习轨迹']!;
    // every event, his alone, in the order recorded
    expect(trail).toHaveLength(events.length);
    expect(new Set(trail.map((r) => r['姓名']))).toEqual(new Set(['轨迹a']));
    const credited = trail.reduce((s, r) => s + Number(r['计入（秒）']), 0);
    expect(credited).toBeCloseTo(
      events.reduce((s, e) => s + e.credited_seconds, 0),
      2,
    );
    const times = trail.map((r) => (r['上报时间'] as Date).getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(trail.filter((r) => r['未计时原因'] === '倍速').length).toBeGreaterThan(0);
    expect(trail.find((r) => r['未计时原因'] === '倍速')!['倍速']).toBe(2);
    expect(trail[0]).toMatchObject({ 课程: '消防安全基础', 页面隐藏: '否', IP: '127.0.0.1' });
    expect(String(trail[0]!['身份证号'])).toBe('110***********011X');
    expect(String(trail[0]!['请求号'])).not.toBe('');

    // two logins: each report names one, and 登录记录 says where and on what it was made
    const logins = sheets['登录记录']!;
    expect(logins).toHaveLength(2);
    const [phoneLogin, deskLogin] = logins;
    expect(phoneLogin).toMatchObject({ 结束原因: '在其他设备登录', IP: '127.0.0.1' });
    expect(String(phoneLogin!['设备'])).toMatch(/Safari.*iOS/);
    expect(String(deskLogin!['设备'])).toMatch(/Chrome.*Windows/);
    expect(deskLogin!['结束原因']).toBe('');
    const bySession = new Map<unknown, Row[]>();
    for (const r of trail) bySession.set(r['会话号'], [...(bySession.get(r['会话号']) ?? []), r]);
    expect([...bySession.keys()].sort()).toEqual([phoneLogin!['会话号'], deskLogin!['会话号']].sort());
    for (const r of bySession.get(phoneLogin!['会话号'])!) expect(r['设备']).toBe(phoneLogin!['设备']);
    for (const r of bySession.get(deskLogin!['会话号'])!) expect(r['设备']).toBe(deskLogin!['设备']);
    // the phone's study is the first 30 s and the refused double speed; the desktop's the last 20
    const phoneCredit = bySession.get(phoneLogin!['会话号'])!.reduce((s, r) => s + Number(r['计入（秒）']), 0);
    expect(Math.round(phoneCredit)).toBe(30);
    expect(credited - phoneCredit).toBeGreaterThan(0);

    // the exam, started on the desktop
    expect(sheets['考试记录']).toHaveLength(1);
    expect(sheets['考试记录']![0]).toMatchObject({
      课程: '消防安全基础',
      状态: '答题中',
      作废: '否',
      会话号: deskLogin!['会话号'],
      IP: '127.0.0.1',
      设备: deskLogin!['设备'],
    });
  });

  it('reads a learner’s events a page at a time, none lost or twice where pages meet at one moment', async () => {
    const { findTrailEvents } = await import('./study-trail.repository.js');
    const all = await server.ctx.db
      .selectFrom('study_events as e')
      .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
      .select(['e.id', 'e.created_at', 'e.warp_course_id', 'e.person_id'])
      .where('w.train_person_id', '=', member.a)
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute();
    // a batch commits many at one moment: three more at the moment of the first
    const first = all[0]!;
    for (let i = 0; i < 3; i += 1) {
      await server.ctx.db
        .insertInto('study_events')
        .values({
          id: `00000000-0000-7000-8000-00000000000${i}`,
          person_id: first.person_id,
          warp_course_id: first.warp_course_id,
          playback_id: 'tie',
          seq: i + 1,
          reported_position: 0,
          reported_rate: 1,
          hidden: 0,
          credited_seconds: 0,
          refusal: 'IDLE',
          ip: null,
          user_agent: null,
          created_at: first.created_at,
        })
        .execute();
    }
    const expected = (
      await server.ctx.db
        .selectFrom('study_events as e')
        .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
        .select('e.id')
        .where('w.train_person_id', '=', member.a)
        .orderBy('e.created_at')
        .orderBy('e.id')
        .execute()
    ).map((e) => e.id);
    const paged: string[] = [];
    let cursor: { at: number; id: string } | undefined;
    for (;;) {
      const page = await findTrailEvents(server.ctx.db, member.a, { range: {}, cursor, limit: 2 });
      paged.push(...page.map((e) => e.id));
      const last = page.at(-1);
      if (!last || page.length < 2) break;
      cursor = { at: Number(last.created_at), id: last.id };
    }
    expect(paged).toEqual(expected);
    await server.ctx.db.deleteFrom('study_events').where('playback_id', '=', 'tie').execute();
  });

  it('takes the class report filters, masks ID numbers unless asked, is audited, and stays in its organisation', async () => {
    const whole = await bookOf(`classId=${classId}&full=1`);
    expect(new Set(whole.sheets['学习轨迹']!.map((r) => r['姓名']))).toEqual(new Set(['轨迹a', '轨迹b']));
    expect(whole.sheets['学习轨迹']!.find((r) => r['姓名'] === '轨迹a')!['身份证号']).toBe('11010519900101011X');
    expect(whole.sheets['登录记录']!.filter((r) => r['姓名'] === '轨迹b')).toHaveLength(1);
    // a day after the study: nothing reported, nothing begun
    const after = new Date(now + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    const later = await bookOf(`classId=${classId}&from=${after}`);
    expect(later.sheets['学习轨迹']).toEqual([]);
    expect(later.sheets['考试记录']).toEqual([]);
    expect(later.sheets['登录记录']).toEqual([]);
    expect(later.disposition).toContain(`学习轨迹（${after}至…）.xlsx`);

    const audits = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'report.export')
      .execute();
    const trails = audits.map((a) => JSON.parse(a.summary).after).filter((a) => a.kind === 'class-trail');
    expect(trails).toContainEqual(expect.objectContaining({ classId, personId: person.a }));
    expect(trails).toContainEqual(expect.objectContaining({ classId, fullIdNumbers: true }));

    // a member of another class is not one of this class's
    const bookIds = [(await server.ctx.db.selectFrom('course_books').select('id').executeTakeFirstOrThrow()).id];
    const other = await server.request('POST', '/api/manage/classes', {
      json: { name: '轨迹另一班', bookIds, rules: RULES },
      headers: as(admin),
    });
    expect(other.status, other.text).toBe(200);
    expect((await bookOf(`classId=${other.body.data.id}&trainPersonId=${member.a}`)).status).toBe(404);
    // a learner is no manager; another organisation's manager does not see the class
    const learner = (await login(server, 'trail-b', 'trail1234')).body.data.credentials.accessToken;
    expect((await bookOf(`classId=${classId}`, learner)).status).toBe(403);
    await addOrganisation(server, '10047', '轨迹外单位');
    await addLearner(server, { account: 'trail-other-admin', password: 'other1234', role: 'admin', orgCode: '10047' });
    const outsider = (await login(server, 'trail-other-admin', 'other1234')).body.data.credentials.accessToken;
    expect((await bookOf(`classId=${classId}`, outsider)).status).toBe(404);
  });
});
