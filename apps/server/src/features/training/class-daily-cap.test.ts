import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { dialects, login, startServer, type TestServer, tomorrowAt } from '../../../test/harness.js';
import { studyDay } from '../../core/study-day.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};

/**
 * A class's own daily cap (its rules, set in the console): below the platform's, it stops
 * the credit of a learner of that class at its number of hours for the day — all his study
 * that day counted — and an out-of-range cap is refused with a message.
 */
describe.each(dialects)("a class's daily cap on $name", ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(2);
  let admin: string;
  let learner: string;
  let classId: string;
  const at = (seconds: number) => (now += seconds * 1000);
  const setRules = (rules: Record<string, unknown>) =>
    server.request('PUT', `/api/manage/classes/${classId}`, { json: { rules }, headers: { Authorization: admin } });

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    learner = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    classId = (await server.ctx.db.selectFrom('train_classes').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  it('credits a learner up to the class cap and no further that day', async () => {
    const set = await setRules({ ...RULES, dailyCapHours: 0.5 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.rules.dailyCapHours).toBe(0.5);
    // he has studied 29 min 50 s today already
    const person = await server.ctx.db
      .selectFrom('persons')
      .select('id')
      .where('account', '=', DEMO_LEARNER.account)
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('study_days')
      .values({ person_id: person.id, day: studyDay(now, server.ctx.config.study.timeZone), credited_seconds: 1790 })
      .execute();
    const units = (
      await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', {
        json: {},
        headers: { Authorization: learner },
      })
    ).body.data as Array<{ trainWarpCourseId: string }>;
    const report = (seq: number, position: number) =>
      server.request('POST', '/api/train/cls_Warp/update-Warp', {
        json: {
          trainWarpCourseId: units[0]!.trainWarpCourseId,
          playbackId: 'cap-1',
          seq,
          position,
          rate: 1,
          hidden: false,
        },
        headers: { Authorization: learner },
      });
    expect((await report(1, 0)).body.data.refusal).toBeNull();
    at(15);
    const capped = await report(2, 15);
    expect(capped.body.data.creditedSeconds).toBe(10);
    at(15);
    const over = await report(3, 30);
    expect(over.body.data).toMatchObject({ creditedSeconds: 0, refusal: 'DAILY_CAP' });
  });

  it('refuses a cap below half an hour, and clears it back to the platform cap', async () => {
    const low = await setRules({ ...RULES, dailyCapHours: 0.1 });
    expect(low.status).toBe(400);
    expect(low.body.msg).toContain('每日学习上限不能少于0.5小时');
    const cleared = await setRules({ ...RULES, dailyCapHours: null });
    expect(cleared.body.data.rules.dailyCapHours).toBeNull();
  });
});
