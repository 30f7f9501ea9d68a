import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { dialects, login, startServer, turnOffFaceChecks, type TestServer, tomorrowAt } from '../../../test/harness.js';
import { dayStart } from '../../core/record-time.js';
import { studyDay } from '../../core/study-day.js';
import { CreditBatcher } from './study-credit.service.js';

interface Unit {
  trainWarpCourseId: string;
  trainPersonId: string;
  durationSeconds: number;
}

const DAILY_CAP_SECONDS = 20;

/**
 * The cheats the study-time rules exist for, each played over HTTP against the real server
 * (its clock is the only clock): every one must earn zero unearned seconds, and the study
 * events must show why.
 */
describe.each(dialects)('a scripted cheater earns nothing on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(2);
  let token: string;
  let units: Unit[];
  let playbacks = 0;

  const at = (seconds: number) => {
    now += seconds * 1000;
  };
  const report = (unit: Unit, body: Record<string, unknown>, auth = token) =>
    server.request('POST', '/api/train/cls_Warp/update-Warp', {
      json: { trainWarpCourseId: unit.trainWarpCourseId, rate: 1, hidden: false, ...body },
      headers: { Authorization: auth },
    });
  /** A playback that has been honestly running for one report: returns its id and next seq. */
  const startPlayback = async (unit: Unit, position = 0) => {
    at(300); // whatever played before has gone idle
    const playbackId = `cheat-${++playbacks}`;
    const first = await report(unit, { playbackId, seq: 1, position });
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ data: { refusal: null } });
    return playbackId;
  };
  const creditedOf = async (playbackId: string) => {
    const rows = await server.ctx.db
      .selectFrom('study_events')
      .select(['credited_seconds', 'refusal'])
      .where('playback_id', '=', playbackId)
      .execute();
    return { seconds: rows.reduce((s, r) => s + r.credited_seconds, 0), refusals: rows.map((r) => r.refusal) };
  };

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      now: () => now,
      configure: (config) => {
        config.study.dailyCapSeconds = DAILY_CAP_SECONDS;
      },
    });
    await turnOffFaceChecks(server);
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    units = (
      await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', {
        json: {},
        headers: { Authorization: token },
      })
    ).body.data;
  });
  afterAll(() => server.close());

  it('a hidden page earns nothing', async () => {
    const unit = units[0]!;
    const playbackId = await startPlayback(unit);
    at(15);
    const res = await report(unit, { playbackId, seq: 2, position: 15, hidden: true });
    expect(res.body.data).toMatchObject({ creditedSeconds: 0, refusal: 'HIDDEN', furthestSeconds: 0 });
    expect(await creditedOf(playbackId)).toEqual({ seconds: 0, refusals: [null, 'HIDDEN'] });
  });

  it('a gap longer than the idle limit earns one report interval at most, and the clock restarts', async () => {
    const unit = units[0]!;
    const playbackId = await startPlayback(unit);
    at(120);
    // a script that sleeps between reports does not earn the sleep: ground beyond one interval is a skip
    const idle = await report(unit, { playbackId, seq: 2, position: 60 });
    expect(idle.body.data).toMatchObject({ creditedSeconds: 0, refusal: 'SEEK' });
    // an honest report after the pause is credited from the restart, not for the gap
    at(5);
    const after = await report(unit, { playbackId, seq: 3, position: 5 });
    expect(after.body.data.creditedSeconds).toBe(5);
  });

  it('a fast client clock cannot speed up credit: only the server clock counts', async () => {
    const unit = units[1]!;
    const playbackId = await startPlayback(unit);
    // the client's timer claims 15 s passed; the server saw 3 s
    at(3);
    const fast = await report(unit, { playbackId, seq: 2, position: 3 });
    expect(fast.body.data.creditedSeconds).toBe(3);
    at(3);
    const ahead = await report(unit, { playbackId, seq: 3, position: 18 });
    expect(ahead.body.data).toMatchObject({ creditedSeconds: 0, refusal: 'SEEK', furthestSeconds: 3 });
    expect((await creditedOf(playbackId)).seconds).toBe(3);
  });

  it('a report from a device whose session was replaced is refused, and the new device studies at once', async () => {
    const unit = units[2]!;
    const playbackId = await startPlayback(unit);
    const secondDevice = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials
      .accessToken;
    at(15);
    const old = await report(unit, { playbackId, seq: 2, position: 15 });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(ErrorCode.LOGGED_IN_ELSEWHERE);
    expect((await creditedOf(playbackId)).seconds).toBe(0);

    token = secondDevice;
    const fresh = await report(unit, { playbackId: 'second-device', seq: 1, position: 0 });
    expect(fresh.body.data.refusal).toBeNull();
  });

  it('a report already inside the server when the login elsewhere lands earns nothing', async () => {
    // The batch re-checks the session under the learner's lock: simulate the race by
    // handing it a job whose session was revoked after authentication.
    const unit = units[2]!;
    const session = await server.ctx.db
      .selectFrom('sessions')
      .select(['id', 'person_id'])
      .where('revoked_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const batcher = new CreditBatcher(server.ctx);
    await expect(
      batcher.submit({
        personId: session.person_id,
        sessionId: session.id,
        warpCourseId: unit.trainWarpCourseId,
        report: { playbackId: 'second-device', seq: 2, position: 15, rate: 1, hidden: false },
        ip: '127.0.0.1',
        userAgent: undefined,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.LOGGED_IN_ELSEWHERE });
  });

  it('credits up to the daily cap and nothing beyond it', async () => {
    await server.ctx.db.deleteFrom('study_days').execute();
    const unit = units[3]!;
    const playbackId = await startPlayback(unit);
    let seq = 1;
    let credited = 0;
    const refusals: Array<string | null> = [];
    for (const position of [15, 30, 31]) {
      at(15);
      const res = await report(unit, { playbackId, seq: ++seq, position });
      credited += res.body.data.creditedSeconds;
      refusals.push(res.body.data.refusal);
    }
    expect(credited).toBe(DAILY_CAP_SECONDS);
    expect(refusals).toEqual([null, null, 'DAILY_CAP']);
    const totals = await server.request('GET', `/api/train/cls_Warp/select-study-time/${unit.trainPersonId}`, {
      headers: { Authorization: token },
    });
    expect(totals.body.data.todaySeconds).toBe(DAILY_CAP_SECONDS);

    // the next study day starts a fresh budget
    at(24 * 3600);
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const playbackTomorrow = await startPlayback(units[4]!);
    at(10);
    const tomorrow = await report(units[4]!, { playbackId: playbackTomorrow, seq: 2, position: 10 });
    expect(tomorrow.body.data.creditedSeconds).toBe(10);
  });

  it("a report just after midnight earns nothing of the capped day before's last seconds", async () => {
    const unit = units[4]!;
    // where this unit stands (an earlier test may have studied some of it)
    const { furthest_seconds: base } = await server.ctx.db
      .selectFrom('train_warp_courses')
      .select('furthest_seconds')
      .where('id', '=', unit.trainWarpCourseId)
      .executeTakeFirstOrThrow();
    const { id: person_id } = await server.ctx.db
      .selectFrom('persons')
      .select('id')
      .where('account', '=', DEMO_LEARNER.account)
      .executeTakeFirstOrThrow();
    // he studied to the cap (20 s) on the day that ends at the study time zone's midnight
    const { timeZone } = server.ctx.config.study;
    const midnight = dayStart(studyDay(now, timeZone)) + 86_400_000;
    await server.ctx.db.deleteFrom('study_days').execute();
    await server.ctx.db
      .insertInto('study_days')
      .values({ person_id, day: studyDay(midnight - 1, timeZone), credited_seconds: DAILY_CAP_SECONDS })
      .execute();
    // 10 s before midnight a playback starts; its next report comes 5 s into the new day
    now = midnight - 10_000;
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const playbackId = `night-${++playbacks}`;
    const play = (seq: number, position: number) => report(unit, { playbackId, seq, position: base + position });
    expect((await play(1, 0)).body.data.refusal).toBeNull();
    at(15);
    // its 15 s stretch earns the 5 s after midnight, not the 10 of the capped day before it
    expect((await play(2, 15)).body.data).toMatchObject({ creditedSeconds: 5, refusal: null });
    const today = await server.ctx.db
      .selectFrom('study_days')
      .select('credited_seconds')
      .where('day', '=', studyDay(now, timeZone))
      .executeTakeFirstOrThrow();
    expect(today.credited_seconds).toBe(5);
  });

  it('a forged record id or a position past the end earns nothing', async () => {
    const unit = units[5]!;
    const playbackId = await startPlayback(unit);
    at(15);
    const forgedId = await report(
      { ...unit, trainWarpCourseId: '00000000-0000-4000-8000-000000000000' },
      {
        playbackId,
        seq: 2,
        position: 15,
      },
    );
    expect(forgedId.status).toBe(404);
    const pastEnd = await report(unit, { playbackId, seq: 3, position: unit.durationSeconds + 60 });
    expect(pastEnd.body.data).toMatchObject({ creditedSeconds: 0, refusal: 'SEEK' });
    const negative = await report(unit, { playbackId, seq: 4, position: -5 });
    expect(negative.status).toBe(400);
    expect((await creditedOf(playbackId)).seconds).toBe(0);
  });
});
