import { ErrorCode } from '@anxun/shared/errors';
import { ENTITY_MAX_LENGTH } from '@anxun/shared/schemas/training';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  addLearner,
  dialects,
  encrypt,
  login,
  publicKeyOf,
  startServer,
  turnOffFaceChecks,
  type TestServer,
  tomorrowAt,
} from '../../../test/harness.js';

interface Unit {
  trainWarpCourseId: string;
  trainPersonId: string;
  courseBookId: string;
  courseWarpId: string;
  durationSeconds: number;
  playUrl: string;
  learnStatus: number;
  studyLength: number;
}

describe.each(dialects)('study crediting over HTTP on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(1);
  let token: string;
  let units: Unit[];
  let playbackCounter = 0;

  const auth = () => ({ Authorization: token });
  const report = (unit: Unit, body: Record<string, unknown>) =>
    server.request('POST', '/api/train/cls_Warp/update-Warp', {
      json: { trainWarpCourseId: unit.trainWarpCourseId, rate: 1, hidden: false, ...body },
      headers: auth(),
    });
  const at = (seconds: number) => {
    now += seconds * 1000;
  };

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now });
    await turnOffFaceChecks(server);
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const res = await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth() });
    units = res.body.data;
  });
  afterAll(() => server.close());

  it("lists the learner's six units with signed play URLs", () => {
    expect(units).toHaveLength(6);
    expect(units.every((u) => u.playUrl.startsWith('/api/vod/') && u.playUrl.includes('sig='))).toBe(true);
  });

  it('credits an honest learner within one report interval', async () => {
    const unit = units[0]!;
    const playbackId = `p${++playbackCounter}`;
    expect((await report(unit, { playbackId, seq: 1, position: 0 })).body.data.creditedSeconds).toBe(0);
    at(15);
    const second = await report(unit, { playbackId, seq: 2, position: 15 });
    expect(second.body.data).toMatchObject({ creditedSeconds: 15, refusal: null, studyLength: 15, learnStatus: 1 });
    const totals = await server.request('GET', `/api/train/cls_Warp/select-study-time/${unit.trainPersonId}`, {
      headers: auth(),
    });
    expect(totals.body.data).toMatchObject({ studySeconds: 15, todaySeconds: 15 });
    expect(totals.body.data.daily).toHaveLength(14);
    // the study day in the platform's time zone (Asia/Shanghai), today and the day before
    const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);
    expect(totals.body.data.daily[13]).toEqual({ day: dayOf(now), seconds: 15 });
    expect(totals.body.data.daily[12]).toEqual({ day: dayOf(now - 86_400_000), seconds: 0 });
  });

  it('gives a scripted cheater nothing: seek, 2×, replay, second tab, forged position', async () => {
    const unit = units[1]!;
    const playbackId = `p${++playbackCounter}`;
    at(200); // the previous playback has gone idle
    await report(unit, { playbackId, seq: 1, position: 0 });
    at(15);
    const cases = [
      [{ playbackId, seq: 2, position: 300 }, 'SEEK'],
      [{ playbackId, seq: 3, position: 20, rate: 2 }, 'RATE'],
      [{ playbackId, seq: 3, position: 1 }, 'REPLAY'],
      // a second tab of the same login takes over (its clock starts, nothing earned) …
      [{ playbackId: 'other-tab', seq: 1, position: 0 }, null],
      // … and the first tab earns nothing more, nor takes the lead back
      [{ playbackId, seq: 4, position: 15 }, 'OTHER_PLAYBACK'],
      [{ playbackId, seq: 5, position: 99_999 }, 400],
    ] as const;
    for (const [body, expected] of cases) {
      const res = await report(unit, body);
      if (expected === 400) {
        expect(res.status).toBe(400);
      } else if (expected === null) {
        expect(res.body.data, 'takes over').toMatchObject({ creditedSeconds: 0, refusal: null });
      } else {
        expect(res.body.data, expected).toMatchObject({ creditedSeconds: 0, refusal: expected });
        expect(res.body.data.refusalMsg).toEqual(expect.any(String));
      }
    }
    const events = await server.ctx.db
      .selectFrom('study_events')
      .select(['refusal', 'credited_seconds'])
      .where('playback_id', 'in', [playbackId, 'other-tab'])
      .execute();
    expect(events.reduce((s, e) => s + e.credited_seconds, 0)).toBe(0);
    expect(events.map((e) => e.refusal)).toEqual(expect.arrayContaining(['SEEK', 'RATE', 'REPLAY', 'OTHER_PLAYBACK']));
    // nothing he did was study: 最近学习 stays unset, as the console's 最后学习
    const mine = (await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth() }))
      .body.data as Array<{ trainWarpCourseId: string; lastLearnDate: string | null }>;
    expect(mine.find((u) => u.trainWarpCourseId === unit.trainWarpCourseId)?.lastLearnDate).toBeNull();
  });

  it("keeps a report's client texts in its study event as they came, quotes, commas, braces and all", async () => {
    const unit = units[2]!;
    const playbackId = `p${++playbackCounter}-{"a",b}\\ 学习`;
    const userAgent = 'Mozilla/5.0 ("x", {y}) \\ NULL MicroMessenger/8.0';
    at(200);
    const res = await server.request('POST', '/api/train/cls_Warp/update-Warp', {
      json: { trainWarpCourseId: unit.trainWarpCourseId, rate: 1, hidden: false, playbackId, seq: 1, position: 0 },
      headers: { ...auth(), 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    const events = await server.ctx.db
      .selectFrom('study_events')
      .select(['playback_id', 'user_agent', 'refusal', 'seq'])
      .where('playback_id', '=', playbackId)
      .execute();
    expect(events).toEqual([{ playback_id: playbackId, user_agent: userAgent, refusal: null, seq: 1 }]);
  });

  it('never double-credits two simultaneous reports', async () => {
    const unit = units[2]!;
    const playbackId = `p${++playbackCounter}`;
    at(200);
    await report(unit, { playbackId, seq: 1, position: 0 });
    at(10);
    const both = await Promise.all([
      report(unit, { playbackId, seq: 2, position: 10 }),
      report(unit, { playbackId, seq: 2, position: 10 }),
    ]);
    expect(both.map((r) => r.body.data.creditedSeconds).sort()).toEqual([0, 10]);
  });

  it('reads the report from an encrypted form field, and refuses bad ciphertext', async () => {
    const unit = units[3]!;
    const key = await publicKeyOf(server);
    const playbackId = `p${++playbackCounter}`;
    at(200);
    const entity = encrypt(
      JSON.stringify({
        trainWarpCourseId: unit.trainWarpCourseId,
        playbackId,
        seq: 1,
        position: 0,
        rate: 1,
        hidden: false,
      }),
      key,
    );
    const res = await server.request('POST', '/api/train/cls_Warp/update-Warp', {
      body: new URLSearchParams({ entity }).toString(),
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.body.code).toBe(200);
    const forged = Buffer.from(entity, 'base64');
    forged[3] = forged[3]! ^ 1;
    const bad = await server.request('POST', '/api/train/cls_Warp/update-Warp', {
      body: new URLSearchParams({ entity: forged.toString('base64') }).toString(),
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.body.code).toBe(ErrorCode.BAD_CIPHERTEXT);
  });

  it('reads the report from a form field holding its JSON, as the web client sends it, and refuses a field longer than two RSA blocks unread', async () => {
    const unit = units[3]!;
    const playbackId = `p${++playbackCounter}`;
    const send = (entity: string) =>
      server.request('POST', '/api/train/cls_Warp/update-Warp', {
        body: new URLSearchParams({ entity }).toString(),
        headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      });
    const json = (seq: number, position: number) =>
      JSON.stringify({ trainWarpCourseId: unit.trainWarpCourseId, playbackId, seq, position, rate: 1, hidden: false });
    at(200);
    expect((await send(json(1, 0))).body.code).toBe(200);
    at(10);
    const second = await send(json(2, 10));
    expect(second.body.code).toBe(200);
    expect(second.body.data.creditedSeconds).toBe(10);

    // 23 blocks of real ciphertext (~27 ms of the server's thread to decrypt) are refused by length
    const key = await publicKeyOf(server);
    const long = encrypt(`${json(3, 20)}${' '.repeat(4000)}`, key);
    expect(long.length).toBeGreaterThan(ENTITY_MAX_LENGTH);
    const refused = await send(long);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('completes a unit watched to the end', async () => {
    const unit = units[4]!;
    const playbackId = `p${++playbackCounter}`;
    at(200);
    await report(unit, { playbackId, seq: 1, position: 0 });
    let seq = 1;
    for (let pos = 15; pos < unit.durationSeconds + 15; pos += 15) {
      at(15);
      await report(unit, { playbackId, seq: ++seq, position: Math.min(pos, unit.durationSeconds) });
    }
    const list = await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth() });
    const after = list.body.data.find((u: Unit) => u.trainWarpCourseId === unit.trainWarpCourseId);
    expect(after.learnStatus).toBe(2);
    expect(after.studyLength).toBeCloseTo(unit.durationSeconds, 0);
  });

  it("keeps another learner's records out of reach", async () => {
    await addLearner(server, { account: 'stranger', password: 'stranger1' });
    const other = (await login(server, 'stranger', 'stranger1')).body.data.credentials.accessToken;
    const list = await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', {
      json: {},
      headers: { Authorization: other },
    });
    expect(list.body.data).toEqual([]);
    const res = await server.request('POST', '/api/train/cls_Warp/update-Warp', {
      json: {
        trainWarpCourseId: units[0]!.trainWarpCourseId,
        playbackId: 'x',
        seq: 1,
        position: 0,
        rate: 1,
        hidden: false,
      },
      headers: { Authorization: other },
    });
    expect(res.status).toBe(404);
  });

  it('counts a study start once per playback, once the playback earned credit', async () => {
    const unit = units[5]!;
    const start = (playbackId: string) =>
      server.request(
        'GET',
        `/api/train/cls_Warp/addRecnum/${unit.trainPersonId}/${unit.courseBookId}/${unit.courseWarpId}?playbackId=${playbackId}`,
        { headers: auth() },
      );
    // ids a script makes up, never reported, count nothing (学习次数 was raised at will)
    for (const id of ['made-up-1', 'made-up-2']) {
      expect((await start(id)).body.data).toEqual({ counted: false, studyCount: 0 });
    }
    // a playback only started (no credit yet) neither
    expect((await report(unit, { playbackId: 'start-1', seq: 1, position: 0 })).body.data.refusal).toBeNull();
    expect((await start('start-1')).body.data).toEqual({ counted: false, studyCount: 0 });
    at(5);
    expect((await report(unit, { playbackId: 'start-1', seq: 2, position: 5 })).body.data.creditedSeconds).toBe(5);
    // five seconds are not yet a study start (15 s, or a third of a short unit)
    expect((await start('start-1')).body.data).toEqual({ counted: false, studyCount: 0 });
    at(15);
    expect((await report(unit, { playbackId: 'start-1', seq: 3, position: 20 })).body.data.creditedSeconds).toBe(15);
    expect((await start('start-1')).body.data).toEqual({ counted: true, studyCount: 1 });
    expect((await start('start-1')).body.data).toEqual({ counted: false, studyCount: 1 });
    // a page reloaded or shut never reads its last answer to ask: that report counts the start
    at(1);
    expect((await report(unit, { playbackId: 'start-2', seq: 1, position: 20 })).body.data.refusal).toBeNull();
    const rest = unit.durationSeconds - 20; // to its end: more than a third of the unit
    at(rest);
    const last = await report(unit, { playbackId: 'start-2', seq: 2, position: unit.durationSeconds, final: true });
    // (its answer's record says so, though nobody may read it)
    expect(last.body.data, last.text).toMatchObject({ creditedSeconds: rest, studyCount: 2 });
    expect((await start('start-2')).body.data).toEqual({ counted: false, studyCount: 2 });
    // a playback closed with nothing earned counts nothing
    at(1);
    expect((await report(unit, { playbackId: 'start-3', seq: 1, position: 0 })).body.data.refusal).toBeNull();
    at(4);
    expect((await report(unit, { playbackId: 'start-3', seq: 2, position: 4, final: true })).status).toBe(200);
    expect((await start('start-3')).body.data).toEqual({ counted: false, studyCount: 2 });
  });

  it('serves video with HTTP Range through the signed URL only', async () => {
    const url = server.baseUrl + units[0]!.playUrl;
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/mp4');
    const size = Number(full.headers.get('content-length'));
    const bytes = Buffer.from(await full.arrayBuffer());
    expect(bytes.length).toBe(size);

    const first = await fetch(url, { headers: { Range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);

    const middle = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    expect(Buffer.from(await middle.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    const suffix = await fetch(url, { headers: { Range: 'bytes=-100' } });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(size - 100))).toBe(true);

    const invalid = await fetch(url, { headers: { Range: `bytes=${size + 10}-` } });
    expect(invalid.status).toBe(416);
    expect(invalid.headers.get('content-range')).toBe(`bytes */${size}`);

    const unsigned = await fetch(url.split('?')[0]! + '?exp=9999999999&sig=00');
    expect(unsigned.status).toBe(403);
  });

  it('a login on a new device ends the old device playback at once', async () => {
    const unit = units[0]!;
    at(200);
    await report(unit, { playbackId: 'old-device', seq: 1, position: 0 });
    at(5);
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const fresh = await report(unit, { playbackId: 'new-device', seq: 1, position: 0 });
    expect(fresh.body.data.refusal).toBeNull();
  });

  it('completes a course on the report that meets its 学时 once its units are done, and not while one is left', async () => {
    const { db } = server.ctx;
    const unit = units[2]!;
    const record = await db
      .selectFrom('train_warp_courses')
      .select(['train_person_id', 'class_course_id'])
      .where('id', '=', unit.trainWarpCourseId)
      .executeTakeFirstOrThrow();
    const ofCourse = { train_person_id: record.train_person_id, class_course_id: record.class_course_id };
    const course = () =>
      db
        .selectFrom('train_person_courses')
        .select(['learn_status', 'studied_seconds', 'end_time'])
        .where('train_person_id', '=', ofCourse.train_person_id)
        .where('class_course_id', '=', ofCourse.class_course_id)
        .executeTakeFirstOrThrow();
    const otherUnits = (status: number) =>
      db
        .updateTable('train_warp_courses')
        .set({ learn_status: status })
        .where('train_person_id', '=', ofCourse.train_person_id)
        .where('class_course_id', '=', ofCourse.class_course_id)
        .where('id', '!=', unit.trainWarpCourseId)
        .execute();
    const before = (await course()).studied_seconds;
    /** the course's 学时 met when `seconds` more are credited */
    const hoursIn = (seconds: number) =>
      db
        .updateTable('train_class_courses')
        .set({ class_hours: (before + seconds) / server.ctx.config.study.secondsPerClassHour })
        .where('id', '=', ofCourse.class_course_id)
        .execute();
    // this unit studied afresh, its course not complete
    const length = unit.durationSeconds;
    expect(length).toBeGreaterThan(25);
    await db
      .updateTable('train_warp_courses')
      .set({ learn_status: 1, furthest_seconds: 0, last_position: 0 })
      .where('id', '=', unit.trainWarpCourseId)
      .execute();
    await db
      .updateTable('train_person_courses')
      .set({ learn_status: 1, end_time: null })
      .where((eb) => eb.and(ofCourse))
      .execute();
    const playbackId = `p${++playbackCounter}`;
    const send = async (seconds: number, position: number, seq: number) => {
      at(seconds);
      return (await report(unit, { playbackId, seq, position })).body.data;
    };

    // the hours met while units are unfinished: studying, not complete
    await otherUnits(1);
    await hoursIn(20);
    at(200);
    await send(0, 0, 1);
    await send(10, 10, 2);
    await send(10, 20, 3);
    expect(await course()).toMatchObject({ studied_seconds: before + 20, learn_status: 1, end_time: null });

    // the other units done and the hours raised to the whole unit: the report that finishes the
    // unit (within 3 s of its end) leaves the hours 3 s short, and the next, on the finished
    // unit, meets them and completes the course
    await otherUnits(2);
    await hoursIn(length);
    expect(await send(length - 23, length - 3, 4)).toMatchObject({ creditedSeconds: length - 23, learnStatus: 2 });
    expect(await course()).toMatchObject({ studied_seconds: before + length - 3, learn_status: 1, end_time: null });
    expect(await send(3, length, 5)).toMatchObject({ creditedSeconds: 3, learnStatus: 2 });
    expect(await course()).toMatchObject({ studied_seconds: before + length, learn_status: 2, end_time: now });
  });
});
