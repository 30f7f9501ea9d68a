import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../infra/crypto.js';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  dialects,
  login,
  markDemoLearnerStudied,
  startServer,
  type TestServer,
  tomorrowAt,
} from '../../../test/harness.js';

interface Unit {
  trainWarpCourseId: string;
  trainPersonId: string;
  trainClassCourseId: string;
  tCourseName: string;
  durationSeconds: number;
  sortOrder: number;
}

/**
 * The learner's path from unit to unit (issue: study flow): moving on within one login
 * session never waits for the old playback to go idle, and the check at the end of a
 * course's last unit is never silent — it is listed, and the certificate says it waits.
 */
describe.each(dialects)('moving between units on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(2);
  let token: string;
  let units: Unit[];
  let playbacks = 0;

  const at = (seconds: number) => {
    now += seconds * 1000;
  };
  const auth = (t = token) => ({ Authorization: t });
  const report = (unit: Unit, body: Record<string, unknown>, t = token) =>
    server.request('POST', '/api/train/cls_Warp/update-Warp', {
      json: { trainWarpCourseId: unit.trainWarpCourseId, rate: 1, hidden: false, ...body },
      headers: auth(t),
    });
  const creditedOf = async (playbackId: string) =>
    (
      await server.ctx.db
        .selectFrom('study_events')
        .select('credited_seconds')
        .where('playback_id', '=', playbackId)
        .execute()
    ).reduce((s, r) => s + r.credited_seconds, 0);
  const setRules = (rules: Record<string, unknown>) =>
    server.ctx.db
      .updateTable('train_classes')
      .set({ rules: JSON.stringify(rules) })
      .execute();
  /** Plays a unit from `from` to its end in real-time steps of 15 s; the last report is final. */
  const playToEnd = async (unit: Unit, from = 0) => {
    const playbackId = `unit-${++playbacks}`;
    let seq = 1;
    let last = await report(unit, { playbackId, seq, position: from });
    for (let position = from; position < unit.durationSeconds;) {
      const step = Math.min(15, unit.durationSeconds - position);
      at(step);
      position += step;
      last = await report(unit, { playbackId, seq: ++seq, position, final: position >= unit.durationSeconds });
    }
    return { playbackId, last };
  };

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now });
    await setRules({ faceCheck: false, examRequired: false });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    units = (await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth() })).body
      .data;
  });
  afterAll(() => server.close());

  it('a new playback of the same session takes over at once; the old one stops earning', async () => {
    at(300);
    const [first, second] = [units[0]!, units[1]!];
    const old = `unit-${++playbacks}`;
    await report(first, { playbackId: old, seq: 1, position: 0 });
    at(15);
    expect((await report(first, { playbackId: old, seq: 2, position: 15 })).body.data.creditedSeconds).toBe(15);

    // one second later the learner picks the next unit (no final report: a tab crashed, say)
    at(1);
    const next = `unit-${++playbacks}`;
    const start = await report(second, { playbackId: next, seq: 1, position: 0 });
    expect(start.body.data).toMatchObject({ refusal: null, creditedSeconds: 0 });
    at(15);
    expect((await report(second, { playbackId: next, seq: 2, position: 15 })).body.data).toMatchObject({
      refusal: null,
      creditedSeconds: 15,
    });
    // the old player, still running somewhere, earns nothing more and does not take the lead back
    const stale = await report(first, { playbackId: old, seq: 3, position: 31 });
    expect(stale.body.data).toMatchObject({ refusal: 'OTHER_PLAYBACK', creditedSeconds: 0 });
    at(15);
    expect((await report(second, { playbackId: next, seq: 3, position: 30 })).body.data.creditedSeconds).toBe(15);
    expect(await creditedOf(old)).toBe(15);
    expect(await creditedOf(next)).toBe(30);
  });

  it('a unit played to its end and the next one cost exactly their durations, with no refusal between', async () => {
    at(300);
    const a = units[0]!;
    const b = units[1]!;
    // from where each was left
    const [rowA, rowB] = await Promise.all(
      [a, b].map((u) =>
        server.ctx.db
          .selectFrom('train_warp_courses')
          .select('furthest_seconds')
          .where('id', '=', u.trainWarpCourseId)
          .executeTakeFirstOrThrow(),
      ),
    );
    const endA = await playToEnd(a, rowA!.furthest_seconds);
    expect(endA.last.body.data).toMatchObject({ refusal: null, learnStatus: 2 });
    // the next unit starts in the same second the last one ended
    const endB = await playToEnd(b, rowB!.furthest_seconds);
    expect(endB.last.body.data).toMatchObject({ refusal: null, learnStatus: 2 });
    const watched = a.durationSeconds - rowA!.furthest_seconds + (b.durationSeconds - rowB!.furthest_seconds);
    expect((await creditedOf(endA.playbackId)) + (await creditedOf(endB.playbackId))).toBe(watched);
    const refusals = await server.ctx.db
      .selectFrom('study_events')
      .select('refusal')
      .where('playback_id', 'in', [endA.playbackId, endB.playbackId])
      .where('refusal', 'is not', null)
      .execute();
    expect(refusals).toEqual([]);
  });

  it('a final report ends the playback: nothing of it earns afterwards, a replay included', async () => {
    at(300);
    const unit = units[2]!;
    const playbackId = `unit-${++playbacks}`;
    await report(unit, { playbackId, seq: 1, position: 0 });
    at(10);
    expect((await report(unit, { playbackId, seq: 2, position: 10, final: true })).body.data.creditedSeconds).toBe(10);
    const row = await server.ctx.db
      .selectFrom('study_playbacks')
      .select(['playback_id', 'ended_at'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ playback_id: playbackId, ended_at: now });
    at(10);
    // a late report of it, and a replay of its first report, change nothing
    expect((await report(unit, { playbackId, seq: 3, position: 20 })).body.data).toMatchObject({
      refusal: 'REPLAY',
      creditedSeconds: 0,
    });
    expect((await report(unit, { playbackId, seq: 1, position: 0 })).body.data.refusal).toBe('REPLAY');
    at(10);
    expect((await report(unit, { playbackId, seq: 4, position: 30 })).body.data.creditedSeconds).toBe(0);
    expect(await creditedOf(playbackId)).toBe(10);
    // the next playback starts at once
    const next = `unit-${++playbacks}`;
    expect((await report(unit, { playbackId: next, seq: 1, position: 10 })).body.data.refusal).toBeNull();
  });

  it('a playback of another live session is refused while the first plays', async () => {
    // One device at a time is the login rule, so a second live session is written here
    // directly, as a race between two logins or a future two-device policy could leave it.
    at(300);
    const unit = units[3]!;
    const first = `unit-${++playbacks}`;
    await report(unit, { playbackId: first, seq: 1, position: 0 });
    const person = await server.ctx.db
      .selectFrom('sessions')
      .select('person_id')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    const otherToken = crypto.randomBytes(24).toString('hex');
    await server.ctx.db
      .insertInto('sessions')
      .values({
        id: crypto.randomUUID(),
        person_id: person.person_id,
        access_token_hash: hashToken(otherToken),
        refresh_token_hash: hashToken(`${otherToken}-refresh`),
        client: 'study-mp',
        user_agent: null,
        ip: null,
        created_at: now,
        last_seen_at: now,
        access_expires_at: now + 3600_000,
        refresh_expires_at: now + 3600_000,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    at(5);
    const second = `unit-${++playbacks}`;
    const refused = await report(units[4]!, { playbackId: second, seq: 1, position: 0 }, otherToken);
    expect(refused.body.data).toMatchObject({ refusal: 'OTHER_PLAYBACK', creditedSeconds: 0 });
    at(10);
    expect((await report(units[4]!, { playbackId: second, seq: 2, position: 10 }, otherToken)).body.data).toMatchObject(
      {
        refusal: 'OTHER_PLAYBACK',
        creditedSeconds: 0,
      },
    );
    // the first goes on earning
    expect((await report(unit, { playbackId: first, seq: 2, position: 15 })).body.data.creditedSeconds).toBe(15);
    expect(await creditedOf(second)).toBe(0);
  });

  it('a device whose session was replaced by a login elsewhere earns nothing more', async () => {
    at(300);
    const unit = units[3]!;
    const playbackId = `unit-${++playbacks}`;
    await report(unit, { playbackId, seq: 1, position: 15 });
    const other = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    at(15);
    // 15 s of honest new ground: it would have earned them, had its session still been live
    const old = await report(unit, { playbackId, seq: 2, position: 30 });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(ErrorCode.LOGGED_IN_ELSEWHERE);
    expect(await creditedOf(playbackId)).toBe(0);
    token = other;
  });

  it("the check at the end of a course's last unit is listed as pending and holds the certificate, saying why", async () => {
    // only the end-of-unit check, and no exams: the last unit is all that is left
    await setRules({ faceCheck: { atStart: false, randomEveryMinutes: 0, atEnd: true }, examRequired: false });
    await markDemoLearnerStudied(server, { examsPassed: true, at: now });
    const last = units.at(-1)!;
    await server.ctx.db
      .updateTable('train_warp_courses')
      .set({ learn_status: 1, furthest_seconds: 0, last_position: 0 })
      .where('id', '=', last.trainWarpCourseId)
      .execute();
    await server.ctx.db
      .updateTable('train_person_courses')
      .set({ learn_status: 1, end_time: null })
      .where('train_person_id', '=', last.trainPersonId)
      .where('class_course_id', '=', last.trainClassCourseId)
      .execute();

    at(300);
    const { last: answer } = await playToEnd(last);
    // the very report that completed the unit carries its check
    expect(answer.body.data).toMatchObject({
      learnStatus: 2,
      faceCheck: { kind: 'end', trainWarpCourseId: last.trainWarpCourseId, unitName: last.tCourseName },
    });
    const checkId = answer.body.data.faceCheck.checkId as string;

    const open = await server.request('GET', '/api/train/class/getOpenChecks', { headers: auth() });
    expect(open.body.data).toEqual([
      expect.objectContaining({
        checkId,
        kind: 'end',
        status: 'pending',
        overdue: false,
        trainWarpCourseId: last.trainWarpCourseId,
        trainClassCourseId: last.trainClassCourseId,
        unitName: last.tCourseName,
        dueAt: expect.stringMatching(/\+08:00$/),
      }),
    ]);

    const progress = await server.request('GET', '/api/base/certificate/progress', { headers: auth() });
    expect(progress.body.data).toEqual([
      expect.objectContaining({ status: 'withheld', coursesLeft: 0, checksLeft: 1, certificateId: null }),
    ]);
    expect((await server.request('GET', '/api/base/certificate/my', { headers: auth() })).body.data).toEqual([]);

    // overdue once its window has passed: still listed, still to be taken
    at(3600);
    const late = await server.request('GET', '/api/train/class/getOpenChecks', { headers: auth() });
    expect(late.body.data[0]).toMatchObject({ checkId, overdue: true, status: 'missed' });
  });
});
