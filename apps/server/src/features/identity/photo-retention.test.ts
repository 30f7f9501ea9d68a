import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import { addLearner, dialects, login, startServer, tomorrowAt, type TestServer } from '../../../test/harness.js';
import { insertFaceCheck } from '../../../test/face-check-rows.js';
import { purgeExpiredPhotos } from './photo-retention.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};
const DAY = 86400_000;
const YEAR = 365 * DAY;

/**
 * Retention (issue: Console III): face-check photos stay at least the organisation's retention
 * (3 years by default, set in 单位设置), as long as a class of the learner's is within its own
 * (6 years for a special-operations class, counted from its end; a running class keeps them
 * all), and while their check waits in 核验审核. Then the bytes go; the record of the attempt
 * stays.
 */
describe.each(dialects)('photo retention on $name', ({ databaseUrl }) => {
  let server: TestServer;
  const start = tomorrowAt(3);
  let now = start;
  let admin: string;
  const as = (token: string) => ({ Authorization: token });
  /** the clock jumps years: a manager signs in again for each request */
  const asAdmin = async () =>
    as((await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  /** one learner in one class of his own, with one face check and its photo taken now */
  const learnerIn = async (
    name: string,
    klass: { endDate?: string; retentionYears?: number },
    check: { status: 'passed' | 'failed'; score: number },
  ) => {
    const personId = await addLearner(server, { account: name, password: `${name}1234` });
    const created = await server.request('POST', '/api/manage/classes', {
      json: {
        name: `${name}班`,
        bookIds: [fire],
        rules: RULES,
        ...(klass.endDate ? { startDate: day(start), endDate: klass.endDate } : {}),
        ...(klass.retentionYears ? { retentionYears: klass.retentionYears } : {}),
      },
      headers: as(admin),
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.retentionYears).toBe(klass.retentionYears ?? null);
    const classId: string = created.body.data.id;
    await server.request('POST', `/api/manage/classes/${classId}/enrol`, {
      json: { personIds: [personId] },
      headers: as(admin),
    });
    const tp = await server.ctx.db
      .selectFrom('train_persons')
      .select('id')
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    const { checkId, key } = await insertFaceCheck(server, {
      personId,
      trainPersonId: tp.id,
      kind: 'start',
      status: check.status,
      score: check.score,
      at: now,
      photo: { bytes: Buffer.from(`photo of ${name}`) },
    });
    return { personId, classId, checkId, key: key! };
  };
  let fire = '';
  let ended: Awaited<ReturnType<typeof learnerIn>>;
  let special: Awaited<ReturnType<typeof learnerIn>>;
  let running: Awaited<ReturnType<typeof learnerIn>>;
  let waiting: Awaited<ReturnType<typeof learnerIn>>;
  let short: Awaited<ReturnType<typeof learnerIn>>;
  const held = async (p: { key: string }) => (await server.ctx.files.read(p.key)) !== undefined;
  const attemptOf = (p: { checkId: string }) =>
    server.ctx.db
      .selectFrom('face_attempts')
      .select(['photo_key', 'photo_purged_at', 'score', 'result'])
      .where('check_id', '=', p.checkId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    fire = (
      await server.ctx.db
        .selectFrom('course_books')
        .select('id')
        .where('name', '=', '消防安全基础')
        .executeTakeFirstOrThrow()
    ).id;
    // photos the demo seed left are not this test's: they go out of the way first
    await server.ctx.db.updateTable('face_attempts').set({ photo_key: null }).execute();
    const endDay = day(start + 30 * DAY);
    ended = await learnerIn('ended', { endDate: endDay }, { status: 'passed', score: 0.95 });
    special = await learnerIn('special', { endDate: endDay, retentionYears: 6 }, { status: 'passed', score: 0.95 });
    running = await learnerIn('running', {}, { status: 'passed', score: 0.95 });
    waiting = await learnerIn('waiting', { endDate: endDay }, { status: 'failed', score: 0.2 });
    // a class that ends two years on and asks for less than the organisation will keep
    short = await learnerIn(
      'short',
      { endDate: day(start + 730 * DAY), retentionYears: 3 },
      { status: 'passed', score: 0.95 },
    );
  }, 60_000);
  afterAll(() => server.close());

  it('keeps every photo within the three years an organisation keeps by default', async () => {
    const settings = await server.request('GET', '/api/manage/settings/retention', { headers: await asAdmin() });
    expect(settings.body.data).toEqual({ retentionYears: 3, photosKept: 5, photosPurged: 0 });
    now = start + 3 * YEAR - DAY;
    expect(await purgeExpiredPhotos(server.ctx)).toBe(0);
    for (const p of [ended, special, running, waiting, short]) expect(await held(p)).toBe(true);
  });

  it('takes a longer retention from 单位设置, refuses a shorter one, and audits the change', async () => {
    const short = await server.request('PUT', '/api/manage/settings/retention', {
      json: { retentionYears: 2 },
      headers: await asAdmin(),
    });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('档案保存年限不能少于3年');
    const learner = (await login(server, 'ended', 'ended1234')).body.data.credentials.accessToken;
    const forbidden = await server.request('PUT', '/api/manage/settings/retention', {
      json: { retentionYears: 3 },
      headers: as(learner),
    });
    expect(forbidden.status).toBe(403);
    const set = await server.request('PUT', '/api/manage/settings/retention', {
      json: { retentionYears: 4 },
      headers: await asAdmin(),
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.retentionYears).toBe(4);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['summary'])
      .where('action', '=', 'organisation.retention')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toEqual({ before: { retentionYears: 3 }, after: { retentionYears: 4 } });
    // three years and a month on: the organisation's four years still hold them all
    now = start + 3 * YEAR + 60 * DAY;
    expect(await purgeExpiredPhotos(server.ctx)).toBe(0);
  });

  it("purges after the organisation's retention past the class's end, except a special class's, a running class's and a waiting check's", async () => {
    // four years and two months after: the ended class (ended a month after the photo) is past its four years
    now = start + 4 * YEAR + 62 * DAY;
    expect(await purgeExpiredPhotos(server.ctx)).toBe(1);
    expect(await held(ended)).toBe(false);
    const record = await attemptOf(ended);
    // the attempt's record stays: only the bytes went
    expect(record).toMatchObject({ photo_key: null, photo_purged_at: now, score: 0.95, result: 'passed' });
    for (const p of [special, running, waiting, short]) expect(await held(p)).toBe(true);
    const settings = await server.request('GET', '/api/manage/settings/retention', { headers: await asAdmin() });
    expect(settings.body.data).toMatchObject({ photosKept: 4, photosPurged: 1 });
  });

  it("lets a reviewed check go, then the special class after its six years, and a class that asked for less after the organisation's four from its end", async () => {
    const reviewed = await server.request('POST', `/api/manage/face-checks/${waiting.checkId}/review`, {
      json: { decision: 'confirm', reason: '本人，光线较暗' },
      headers: await asAdmin(),
    });
    expect(reviewed.status, reviewed.text).toBe(200);
    expect(await purgeExpiredPhotos(server.ctx)).toBe(1);
    expect(await held(waiting)).toBe(false);
    now = start + 6 * YEAR - DAY;
    expect(await purgeExpiredPhotos(server.ctx)).toBe(0);
    expect(await held(short)).toBe(true);
    now = start + 6 * YEAR + 62 * DAY;
    expect(await purgeExpiredPhotos(server.ctx)).toBe(2);
    expect(await held(special)).toBe(false);
    expect(await held(short)).toBe(false);
  });

  it("keeps a running class's photos until it has been closed for the retention", async () => {
    now = start + 10 * YEAR;
    expect(await purgeExpiredPhotos(server.ctx)).toBe(0);
    const closed = await server.request('POST', `/api/manage/classes/${running.classId}/close`, {
      headers: await asAdmin(),
    });
    expect(closed.status, closed.text).toBe(200);
    now = start + 14 * YEAR - DAY;
    expect(await purgeExpiredPhotos(server.ctx)).toBe(0);
    expect(await held(running)).toBe(true);
    now = start + 14 * YEAR + 62 * DAY;
    expect(await purgeExpiredPhotos(server.ctx)).toBe(1);
    expect(await held(running)).toBe(false);
  });
});
