import http from 'node:http';
import { WsCode } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../../test/face-photos.js';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  addLearner,
  connectWs,
  dialects,
  enrolInDemoClass,
  login,
  startServer,
  waitForSockets,
  type TestServer,
  tomorrowAt,
} from '../../../test/harness.js';
import { insertFaceCheck } from '../../../test/face-check-rows.js';
import { bytesOf } from '../../infra/stream-bytes.js';
import { keptPhoto } from './kept-photo.js';

interface Unit {
  trainWarpCourseId: string;
  trainPersonId: string;
  durationSeconds: number;
}

/**
 * Face checks with the real model on real photographs (test/fixtures/faces): the demo
 * learner's reference is Grace Hopper; another photo of her passes, Eileen Collins fails.
 */
describe.each(dialects)('face checks on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(1);
  let token: string;
  let units: Unit[];
  let classId: string;
  let playbacks = 0;

  const at = (seconds: number) => {
    now += seconds * 1000;
  };
  const auth = (t = token) => ({ Authorization: t });
  const photoForm = (photo: Buffer, extra: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    return form;
  };
  /** A single-use nonce for one camera photo, as the camera dialog asks before each shot. */
  const nonceFor = async (headers: Record<string, string>) =>
    (await server.request('POST', '/api/face/nonce', { headers })).body.data?.nonce as string | undefined;
  /** A camera photo sent as the web does (a phone's carries its capture token instead). */
  const compare = async (photo: Buffer | Promise<Buffer>, extra: Record<string, string> = {}, headers = auth()) => {
    const nonce = extra.captureToken || 'nonce' in extra ? undefined : await nonceFor(headers);
    const fields = { via: 'camera', ...(nonce ? { nonce } : {}), ...extra };
    return server.request('POST', '/api/face/compare', { body: photoForm(await photo, fields), headers });
  };
  const report = (unit: Unit, body: Record<string, unknown>) =>
    server.request('POST', '/api/train/cls_Warp/update-Warp', {
      json: { trainWarpCourseId: unit.trainWarpCourseId, rate: 1, hidden: false, ...body },
      headers: auth(),
    });
  const setRules = (faceCheck: Record<string, unknown>) =>
    server.ctx.db
      .updateTable('train_classes')
      .set({ rules: JSON.stringify({ faceCheck }) })
      .execute();
  const passCheck = async (checkId: string) => {
    const res = await compare(facePhotos.hopperFresh(), { checkId });
    expect(res.body.data.passed, JSON.stringify(res.body)).toBe(true);
  };

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      now: () => now,
      // the limiter counts real seconds, and these tests send many photos in a few
      configure: (config) => {
        config.rateLimits.facePerPerson = { points: 1000, durationSeconds: 60 };
      },
    });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    units = (await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth() })).body
      .data;
    classId = (await server.request('GET', '/api/train/person/select-page', { headers: auth() })).body.data.records[0]
      .trainClassId;
  });
  afterAll(() => server.close());

  it("serves the browser's pre-check its detector model and WASM binaries, and nothing else from there", async () => {
    const model = await fetch(`${server.baseUrl}/face-models/blazeface.json`);
    expect(model.status).toBe(200);
    expect(((await model.json()) as { format?: string }).format).toBe('graph-model');
    // the same address from one release to the next, beside a library whose file name changes:
    // asked again each time (an ETag makes it a 304), never kept for days
    const ask = (headers: Record<string, string>) =>
      new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            `${server.baseUrl}/face-models/blazeface.bin`,
            { headers: { 'accept-encoding': 'br', ...headers } },
            (res) => {
              res.resume();
              resolve(res);
            },
          )
          .on('error', reject),
      );
    const first = await ask({});
    expect(first.headers['cache-control']).toBe('no-cache');
    const revalidated = (await ask({ 'if-none-match': first.headers.etag! })).statusCode;
    expect(revalidated).toBe(304);
    const wasm = await fetch(`${server.baseUrl}/tfjs-wasm/tfjs-backend-wasm-simd.wasm`);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect((await fetch(`${server.baseUrl}/face-models/faceres.bin`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/face-models/../package.json`)).status).toBe(404);
  });

  it('refuses a comparison before the learner has a reference face', async () => {
    const res = await compare(facePhotos.hopper());
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(ErrorCode.NO_FACE_REFERENCE);
  });

  it('takes a reference photo only with exactly one clear face, and says what is wrong', async () => {
    const bad = [
      [facePhotos.coffee(), '未检测到人脸'],
      [facePhotos.twoPeople(), '多张人脸'],
      [facePhotos.faceTooSmall(), '人脸太小'],
      [facePhotos.tooDark(), '光线太暗'],
      [facePhotos.notAnImage(), '无法识别的图片'],
    ] as const;
    for (const [photo, msg] of bad) {
      const res = await server.request('POST', '/api/face/reference', {
        body: photoForm(await photo),
        headers: auth(),
      });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    const huge = await server.request('POST', '/api/face/reference', {
      body: photoForm(Buffer.alloc(5 * 1024 * 1024, 1)),
      headers: auth(),
    });
    expect(huge.status).toBe(413);
    const noFile = await server.request('POST', '/api/face/reference', { body: new FormData(), headers: auth() });
    expect(noFile.status).toBe(400);

    const ok = await server.request('POST', '/api/face/reference', {
      body: photoForm(facePhotos.hopper()),
      headers: auth(),
    });
    expect(ok.body.data).toMatchObject({ hasReference: true, setByAdmin: false });
    const photo = await fetch(server.baseUrl + ok.body.data.photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const url: string = ok.body.data.photoUrl;
    const sig = /sig=(\w+)/.exec(url)![1]!;
    const other = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    const forged = await fetch(server.baseUrl + url.replace(sig, other));
    expect(forged.status).toBe(403);
  });

  it('passes the same person and fails another; the score is kept for the manager, not told to the learner', async () => {
    // a score told back would let a learner tune a copy of his photo until it passes
    const attempts = () => server.ctx.db.selectFrom('face_attempts').select(['id', 'score']).execute();
    const seen = new Set((await attempts()).map((r) => r.id));
    /** the score kept with the attempt the last photo made */
    const scoreOf = async () => {
      const made = (await attempts()).filter((r) => !seen.has(r.id));
      for (const r of made) seen.add(r.id);
      expect(made).toHaveLength(1);
      return Number(made[0]!.score);
    };
    const same = await compare(facePhotos.hopperFresh());
    expect(same.body.data).toMatchObject({ passed: true, reason: null, threshold: 0.65, score: null });
    expect(await scoreOf()).toBeGreaterThan(0.65);
    const other = await compare(facePhotos.collins());
    expect(other.body.data).toMatchObject({ passed: false, reason: 'MISMATCH', score: null });
    expect(await scoreOf()).toBeLessThan(0.65);
    const none = await compare(facePhotos.coffee());
    expect(none.body.data).toMatchObject({ passed: false, reason: 'NO_FACE', score: null });
  });

  it('refuses the reference file, or a photo sent before, as a live photo', async () => {
    const reference = await compare(facePhotos.hopper());
    expect(reference.body.data).toMatchObject({ passed: false, reason: 'REPLAY', score: null });
    const once = await facePhotos.hopperFresh();
    expect((await compare(once)).body.data.passed).toBe(true);
    expect((await compare(once)).body.data).toMatchObject({ passed: false, reason: 'REPLAY' });
  });

  it('refuses a copy of the reference or of an earlier photo: re-encoded, cropped, brightened, resized, one byte longer', async () => {
    const seen = new Set<string>();
    /** the attempt the last photo made (the test's clock stands still: told apart by id) */
    const newest = async () => {
      const rows = await server.ctx.db.selectFrom('face_attempts').select(['id', 'reason', 'photo_key']).execute();
      const made = rows.filter((r) => !seen.has(r.id));
      for (const r of rows) seen.add(r.id);
      expect(made).toHaveLength(1);
      return made[0]!;
    };
    await newest().catch(() => undefined);
    for (const [name, copy] of Object.entries(await facePhotos.copiesOf(facePhotos.hopper()))) {
      const res = await compare(copy);
      expect(res.body.data, `reference ${name}`).toMatchObject({ passed: false, reason: 'REPLAY', score: null });
      expect(res.body.data.msg).toContain('不能使用已有的照片');
      // what was sent is kept, for 核验审核 to see and judge again
      const attempt = await newest();
      expect(attempt.reason).toBe('REPLAY');
      const kept = await server.ctx.files.read(attempt.photo_key!);
      expect((await bytesOf(kept!)).equals((await keptPhoto(Buffer.from(copy)))!.bytes), name).toBe(true);
    }
    // the very file again is the photo kept already: not kept twice
    expect((await compare(facePhotos.hopper())).body.data.reason).toBe('REPLAY');
    expect((await newest()).photo_key).toBeNull();
    const earlier = await facePhotos.hopperFresh();
    expect((await compare(earlier)).body.data.passed).toBe(true);
    for (const [name, copy] of Object.entries(await facePhotos.copiesOf(earlier))) {
      expect((await compare(copy)).body.data, `earlier photo ${name}`).toMatchObject({
        passed: false,
        reason: 'REPLAY',
      });
    }
    // a new shot of the same person still passes
    expect((await compare(facePhotos.hopperFresh())).body.data).toMatchObject({ passed: true, reason: null });
  });

  it('takes a check photo only from the camera, with an unused nonce of its own learner', async () => {
    const refused = { passed: false, reason: 'NOT_LIVE_CAPTURE', score: null };
    expect((await compare(facePhotos.hopperFresh(), { nonce: '' })).body.data).toMatchObject(refused);
    expect((await compare(facePhotos.hopperFresh(), { nonce: 'made-up' })).body.data).toMatchObject(refused);
    const nonce = (await nonceFor(auth()))!;
    expect((await compare(facePhotos.hopperFresh(), { nonce, via: 'upload' })).body.data).toMatchObject(refused);
    const fresh = await nonceFor(auth());
    expect((await compare(facePhotos.hopperFresh(), { nonce: fresh! })).body.data.passed).toBe(true);
    // the same request again, as a recording would send it
    expect((await compare(facePhotos.hopperFresh(), { nonce: fresh! })).body.data).toMatchObject(refused);
    // another learner's nonce is not this learner's
    const other = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const theirs = await nonceFor(auth(other));
    expect((await compare(facePhotos.hopperFresh(), { nonce: theirs! })).body.data).toMatchObject(refused);
    // a nonce lasts two minutes
    const late = await nonceFor(auth());
    at(121);
    expect((await compare(facePhotos.hopperFresh(), { nonce: late! })).body.data).toMatchObject(refused);
    const refusals = await server.ctx.db
      .selectFrom('face_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reason', '=', 'NOT_LIVE_CAPTURE')
      .executeTakeFirstOrThrow();
    expect(Number(refusals.n)).toBe(6);
  });

  it('keeps the reference: only a photo of the same person replaces it, and an administrator’s stays', async () => {
    const other = await server.request('POST', '/api/face/reference', {
      body: photoForm(facePhotos.collins()),
      headers: auth(),
    });
    expect(other.status).toBe(403);
    expect(other.body.msg).toContain('不是同一人');
    const same = await server.request('POST', '/api/face/reference', {
      body: photoForm(await facePhotos.hopperFresh()),
      headers: auth(),
    });
    expect(same.body.data).toMatchObject({ hasReference: true, setByAdmin: false });

    const learnerId = (
      await server.ctx.db
        .selectFrom('persons')
        .select('id')
        .where('account', '=', DEMO_LEARNER.account)
        .executeTakeFirstOrThrow()
    ).id;
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const byAdmin = await server.request('POST', `/api/manage/learners/${learnerId}/face-reference`, {
      body: photoForm(facePhotos.hopper()),
      headers: { Authorization: admin },
    });
    expect(byAdmin.body.data).toMatchObject({ hasReference: true, setByAdmin: true });
    const locked = await server.request('POST', '/api/face/reference', {
      body: photoForm(await facePhotos.hopperFresh()),
      headers: auth(),
    });
    expect(locked.status).toBe(403);
    expect(locked.body.msg).toContain('由管理员设置');
    const seen = await server.request('GET', `/api/manage/learners/${learnerId}/face-reference`, {
      headers: { Authorization: admin },
    });
    expect(seen.body.data).toMatchObject({ hasReference: true, setByAdmin: true });
    expect(seen.body.data.photoUrl).toEqual(expect.any(String));

    // cleared by the manager: the learner takes his own again
    const cleared = await server.request('DELETE', `/api/manage/learners/${learnerId}/face-reference`, {
      headers: { Authorization: admin },
    });
    expect(cleared.body.data).toMatchObject({ hasReference: false, photoUrl: null });
    expect((await server.request('GET', '/api/face/reference', { headers: auth() })).body.data.hasReference).toBe(
      false,
    );
    const own = await server.request('POST', '/api/face/reference', {
      body: photoForm(facePhotos.hopper()),
      headers: auth(),
    });
    expect(own.body.data).toMatchObject({ hasReference: true, setByAdmin: false });
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', learnerId)
      .orderBy('created_at')
      .execute();
    // (after the earlier tests' own photos) his replacement, the manager's photo and its clearing, his own again
    expect(audit.map((a) => a.action).slice(-4)).toEqual([
      'face-reference.own',
      'learner.face-reference.set',
      'learner.face-reference.clear',
      'face-reference.own',
    ]);

    // a chain of photos, each a little more of someone else, walks the reference step by step
    // (each like the one before): where it has got to, the next step must still be the face it
    // started from — here, the reference already holds another's face, and hers is refused
    const theirs = await addLearner(server, { account: 'face-donor', password: 'face-donor1' });
    await server.request('POST', `/api/manage/learners/${theirs}/face-reference`, {
      body: photoForm(facePhotos.collinsOwn()),
      headers: { Authorization: admin },
    });
    const drifted = await server.ctx.db
      .selectFrom('face_references')
      .select('embedding')
      .where('person_id', '=', theirs)
      .executeTakeFirstOrThrow();
    const his = await server.ctx.db
      .selectFrom('face_references')
      .select('embedding')
      .where('person_id', '=', learnerId)
      .executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('face_references').set(drifted).where('person_id', '=', learnerId).execute();
    const walked = await server.request('POST', '/api/face/reference', {
      body: photoForm(facePhotos.collins()),
      headers: auth(),
    });
    expect(walked.status).toBe(403);
    expect(walked.body.msg).toContain('不是同一人');
    await server.ctx.db.updateTable('face_references').set(his).where('person_id', '=', learnerId).execute();
  });

  it("gives a first-timer's open check its window from when he set his photo, not from when it was asked", async () => {
    const account = `first-photo-${databaseUrl ? 'pg' : 'lite'}`;
    const personId = await addLearner(server, { account, password: 'first-photo-1' });
    await enrolInDemoClass(server, personId);
    const learner = (await login(server, account, 'first-photo-1')).body.data.credentials.accessToken as string;
    const member = await server.ctx.db
      .selectFrom('train_persons')
      .select('id')
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow();
    // the start check, asked 10 minutes ago: he had no photo to be compared with, and went to set one
    const asked = now - 600_000;
    const { checkId } = await insertFaceCheck(server, {
      personId,
      trainPersonId: member.id,
      status: 'pending',
      kind: 'start',
      at: asked,
    });
    const open = async () =>
      (
        (await server.request('GET', '/api/train/class/getOpenChecks', { headers: auth(learner) })).body.data as Array<{
          checkId: string;
          overdue: boolean;
          windowEndsAt: string;
        }>
      ).find((c) => c.checkId === checkId)!;
    expect((await open()).overdue).toBe(true);
    const set = await server.request('POST', '/api/face/reference', {
      body: photoForm(facePhotos.hopperOwn()),
      headers: auth(learner),
    });
    expect(set.status, set.text).toBe(200);
    // the same two minutes, from now
    const restarted = await open();
    expect(restarted.overdue).toBe(false);
    expect(Date.parse(restarted.windowEndsAt)).toBe(now + 120_000);
    // passed within them: on time, as the manager's reports count it
    at(30);
    const passed = await compare(facePhotos.hopperFresh(), { checkId }, auth(learner));
    expect(passed.body.data?.passed, passed.text).toBe(true);
    const row = await server.ctx.db
      .selectFrom('face_checks')
      .select(['passed_at', 'window_ends_at', 'due_at'])
      .where('id', '=', checkId)
      .executeTakeFirstOrThrow();
    expect(Number(row.passed_at)).toBeLessThan(Number(row.window_ends_at));
    expect(Number(row.due_at)).toBe(asked);

    // a photo replaced is no first one: a check he let run over stays overdue
    const late = await insertFaceCheck(server, {
      personId,
      trainPersonId: member.id,
      status: 'pending',
      kind: 'random',
      at: now - 600_000,
    });
    at(60);
    const replaced = await server.request('POST', '/api/face/reference', {
      body: photoForm(await facePhotos.hopperFresh()),
      headers: auth(learner),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(
      (
        (await server.request('GET', '/api/train/class/getOpenChecks', { headers: auth(learner) })).body.data as Array<{
          checkId: string;
          overdue: boolean;
        }>
      ).find((c) => c.checkId === late.checkId)?.overdue,
    ).toBe(true);

    // his manager clears the photo (a wrong one): a check that fell due since, failed for want of
    // it, runs from his new photo; the one he let run over while he had a photo does not
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials
      .accessToken as string;
    const cleared = await server.request('DELETE', `/api/manage/learners/${personId}/face-reference`, {
      headers: auth(admin),
    });
    expect(cleared.status, cleared.text).toBe(200);
    at(10);
    const since = await insertFaceCheck(server, {
      personId,
      trainPersonId: member.id,
      status: 'failed',
      kind: 'random',
      at: now,
    });
    at(600);
    const again = await server.request('POST', '/api/face/reference', {
      body: photoForm(await facePhotos.hopperFresh()),
      headers: auth(learner),
    });
    expect(again.status, again.text).toBe(200);
    const checks = (await server.request('GET', '/api/train/class/getOpenChecks', { headers: auth(learner) })).body
      .data as Array<{ checkId: string; overdue: boolean }>;
    expect(checks.find((c) => c.checkId === since.checkId)?.overdue).toBe(false);
    expect(checks.find((c) => c.checkId === late.checkId)?.overdue).toBe(true);
  });

  it('lets an organisation have only its managers take 本人照片: a learner cannot make a face his own', async () => {
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const settings = (mode?: string) =>
      server.request(mode ? 'PUT' : 'GET', '/api/manage/face-references/settings', {
        ...(mode ? { json: { mode } } : {}),
        headers: { Authorization: admin },
      });
    expect((await settings()).body.data).toEqual({ mode: 'learner' });
    expect((await settings('manager')).body.data).toEqual({ mode: 'manager' });
    try {
      expect((await server.request('GET', '/api/face/reference', { headers: auth() })).body.data.selfAllowed).toBe(
        false,
      );
      const refused = await server.request('POST', '/api/face/reference', {
        body: photoForm(await facePhotos.hopperFresh()),
        headers: auth(),
      });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('本人照片由培训管理员统一采集，请联系培训管理员');
      expect((await settings('nobody')).status).toBe(400);
      // a learner cannot choose it for himself
      expect(
        (
          await server.request('PUT', '/api/manage/face-references/settings', {
            json: { mode: 'learner' },
            headers: auth(),
          })
        ).status,
      ).toBe(403);
    } finally {
      expect((await settings('learner')).body.data).toEqual({ mode: 'learner' });
    }
    expect((await server.request('GET', '/api/face/reference', { headers: auth() })).body.data.selfAllowed).toBe(true);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'organisation.reference-mode')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('withholds credit from the first report until the start check passes, then credits again', async () => {
    const unit = units[0]!;
    const playbackId = `face-${++playbacks}`;
    const first = await report(unit, { playbackId, seq: 1, position: 0 });
    expect(first.body.data).toMatchObject({ refusal: 'FACE_CHECK_DUE', faceCheck: { kind: 'start' } });
    const checkId: string = first.body.data.faceCheck.checkId;

    at(15);
    const blocked = await report(unit, { playbackId, seq: 2, position: 0 });
    expect(blocked.body.data).toMatchObject({ creditedSeconds: 0, refusal: 'FACE_CHECK_DUE' });

    // someone else's face fails the check and credit stays withheld
    const wrong = await compare(facePhotos.collinsFresh(), { checkId });
    expect(wrong.body.data, JSON.stringify(wrong.body)).toMatchObject({
      passed: false,
      // no score, nor the check's best so far: either would let him tune a copy until it passes
      score: null,
      check: { status: 'failed', attempts: 1, bestScore: null },
    });
    at(5);
    expect((await report(unit, { playbackId, seq: 3, position: 0 })).body.data.refusal).toBe('FACE_CHECK_DUE');

    await passCheck(checkId);
    at(15);
    const credited = await report(unit, { playbackId, seq: 4, position: 15 });
    expect(credited.body.data).toMatchObject({ creditedSeconds: 15, refusal: null, faceCheck: null });

    const list = await server.request('POST', '/api/train/class/getCheckList', {
      json: { trainClassId: classId },
      headers: auth(),
    });
    expect(list.body.data.records[0]).toMatchObject({ kind: 'start', status: 'passed', attempts: 2, late: false });
    expect(list.body.data.counts).toMatchObject({ passed: 1, failed: 0, pending: 0 });
    const verify = await server.request('POST', '/api/train/cls_Warp/updateVerify', {
      json: { trainWarpCourseId: unit.trainWarpCourseId },
      headers: auth(),
    });
    expect(verify.body.data).toMatchObject({ checks: 1, passed: 1, failedAttempts: 1 });
  });

  it('asks again at a random moment within the configured minutes of study', async () => {
    await setRules({ enabled: true, atStart: true, atEnd: false, randomEveryMinutes: 1, windowSeconds: 120 });
    const settings = await server.request('POST', '/api/train/class/getClassCheck', {
      json: { trainClassId: classId },
      headers: auth(),
    });
    expect(settings.body.data).toMatchObject({ enabled: true, randomEveryMinutes: 1, hasReference: true });
    // the start check of this session passed above; the next comes after 30–60 credited
    // seconds, counted from that pass; and the one after, from the pass of this one
    let creditedSincePass = 15;
    for (const round of [units.slice(1, 4), units.slice(1)]) {
      let due: { kind: string; checkId: string } | undefined;
      for (const unit of round) {
        const playbackId = `face-${++playbacks}`;
        at(200);
        let seq = 1;
        const start = await report(unit, { playbackId, seq, position: 0 });
        due = start.body.data.faceCheck ?? undefined;
        for (let position = 10; !due && position <= unit.durationSeconds; position += 10) {
          at(10);
          const res = await report(unit, { playbackId, seq: ++seq, position });
          creditedSincePass += res.body.data.creditedSeconds;
          due = res.body.data.faceCheck ?? undefined;
          // the check comes with the report whose credit reached the threshold (credited), so
          // the player pauses at once: the next report's 10 s are not refused
          if (due) expect(res.body.data).toMatchObject({ creditedSeconds: 10, refusal: null });
        }
        if (due) break;
      }
      expect(due?.kind).toBe('random');
      expect(creditedSincePass).toBeGreaterThanOrEqual(30);
      expect(creditedSincePass).toBeLessThanOrEqual(70);
      await passCheck(due!.checkId);
      creditedSincePass = 0;
    }
  });

  /**
   * A learner of the demo class with a reference photo and a pass before, whose drawn random
   * threshold is 5 s of study; `send` reports on his first unit.
   */
  async function pastAPass(account: string) {
    const personId = await addLearner(server, { account, password: `${account}-pass` });
    await enrolInDemoClass(server, personId);
    const token = (await login(server, account, `${account}-pass`)).body.data.credentials.accessToken;
    const reference = await server.request('POST', '/api/face/reference', {
      body: photoForm(facePhotos.hopperOwn()),
      headers: auth(token),
    });
    expect(reference.status, reference.text).toBe(200);
    const { train_person_id: trainPersonId } = await server.ctx.db
      .selectFrom('train_persons')
      .select('id as train_person_id')
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow();
    const { checkId: before } = await insertFaceCheck(server, { personId, trainPersonId, status: 'passed', at: now });
    await server.ctx.db.updateTable('face_checks').set({ next_after_seconds: 5 }).where('id', '=', before).execute();
    const [unit] = (
      await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth(token) })
    ).body.data as Unit[];
    const send = (playbackId: string, seq: number, position: number, flags: { paused?: true; final?: true } = {}) =>
      server.request('POST', '/api/train/cls_Warp/update-Warp', {
        json: {
          trainWarpCourseId: unit!.trainWarpCourseId,
          playbackId,
          seq,
          position,
          rate: 1,
          hidden: false,
          ...flags,
        },
        headers: auth(token),
      });
    return { personId, token, send };
  }

  it('does not credit the time a check took to a report sent after it', async () => {
    await setRules({ enabled: true, atStart: false, atEnd: false, randomEveryMinutes: 1, windowSeconds: 120 });
    const learner = await pastAPass('tess');
    const tess = learner.token;
    const send = (seq: number, position: number) => learner.send('tess-1', seq, position);
    at(200);
    await send(1, 0);
    at(5);
    const crossing = (await send(2, 5)).body.data;
    expect(crossing).toMatchObject({ creditedSeconds: 5, faceCheck: { kind: 'random' } });
    // the check takes him 40 s, the video waiting; 5 s after the pass a report claims 7 s more
    at(40);
    const passed = await compare(facePhotos.hopperFresh(), { checkId: crossing.faceCheck.checkId }, auth(tess));
    expect(passed.body.data.passed, passed.text).toBe(true);
    at(5);
    const after = (await send(3, 12)).body.data;
    expect(after, JSON.stringify(after)).toMatchObject({ creditedSeconds: 5, refusal: null });
  });

  it('opens a random check with the learner there: not with a pause, nor a page leaving, but as he plays again', async () => {
    await setRules({ enabled: true, atStart: false, atEnd: false, randomEveryMinutes: 1, windowSeconds: 120 });
    const { personId: pennyId, send } = await pastAPass('penny');
    const openChecks = () =>
      server.ctx.db
        .selectFrom('face_checks')
        .select(['kind', 'due_at', 'window_ends_at'])
        .where('person_id', '=', pennyId)
        .where('status', '!=', 'passed')
        .execute();
    at(200);
    await send('penny-1', 1, 0);
    // his phone locks 6 s in: the pause's report crosses the threshold, and is credited, but
    // nobody is there to see a check's window run
    at(6);
    const paused = (await send('penny-1', 2, 6, { paused: true })).body.data;
    expect(paused).toMatchObject({ creditedSeconds: 6, refusal: null, faceCheck: null });
    // the tab is closed: the page's last report opens none either, and earns nothing while the
    // check is due (the tab's own covers no ground; one that claims 10 s more is not credited)
    at(10);
    expect((await send('penny-1', 3, 16, { final: true })).body.data).toMatchObject({
      creditedSeconds: 0,
      refusal: 'FACE_CHECK_DUE',
      faceCheck: null,
    });
    expect(await openChecks()).toEqual([]);
    // ten minutes later he is back: the new playback's first report opens the check, its window from now
    at(600);
    const back = (await send('penny-2', 1, 6)).body.data;
    expect(back).toMatchObject({ creditedSeconds: 0, refusal: 'FACE_CHECK_DUE', faceCheck: { kind: 'random' } });
    expect(await openChecks()).toEqual([{ kind: 'random', due_at: now, window_ends_at: now + 120_000 }]);
  });

  it('checks a script that calls every report a pause at its next report', async () => {
    await setRules({ enabled: true, atStart: false, atEnd: false, randomEveryMinutes: 1, windowSeconds: 120 });
    const { send } = await pastAPass('paula');
    at(200);
    await send('paula-1', 1, 0);
    at(6);
    expect((await send('paula-1', 2, 6, { paused: true })).body.data).toMatchObject({
      creditedSeconds: 6,
      faceCheck: null,
    });
    // no play in between, yet 6 s more: the check opens now, and nothing more is credited
    at(6);
    expect((await send('paula-1', 3, 12, { paused: true })).body.data).toMatchObject({
      creditedSeconds: 0,
      refusal: 'FACE_CHECK_DUE',
      faceCheck: { kind: 'random' },
    });
  });

  it('asks at random even in a class without a start check, before any check has passed', async () => {
    await setRules({ enabled: true, atStart: false, atEnd: false, randomEveryMinutes: 1, windowSeconds: 120 });
    const randyId = await addLearner(server, { account: 'randy', password: 'randy-pass' });
    await enrolInDemoClass(server, randyId);
    const randy = (await login(server, 'randy', 'randy-pass')).body.data.credentials.accessToken;
    const theirUnits: Unit[] = (
      await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth(randy) })
    ).body.data;
    let credited = 0;
    let due: { kind: string } | undefined;
    for (const unit of theirUnits.slice(0, 3)) {
      at(200);
      const playbackId = `randy-${++playbacks}`;
      let seq = 1;
      await server.request('POST', '/api/train/cls_Warp/update-Warp', {
        json: { trainWarpCourseId: unit.trainWarpCourseId, playbackId, seq, position: 0, rate: 1, hidden: false },
        headers: auth(randy),
      });
      for (let position = 10; !due && position <= unit.durationSeconds; position += 10) {
        at(10);
        const res = await server.request('POST', '/api/train/cls_Warp/update-Warp', {
          json: { trainWarpCourseId: unit.trainWarpCourseId, playbackId, seq: ++seq, position, rate: 1, hidden: false },
          headers: auth(randy),
        });
        credited += res.body.data.creditedSeconds;
        due = res.body.data.faceCheck ?? undefined;
      }
      if (due) break;
    }
    expect(due?.kind).toBe('random');
    expect(credited).toBeGreaterThanOrEqual(30);
    expect(credited).toBeLessThanOrEqual(60);
  });

  it('counts study while the class checks faces without random checks, once they are turned on', async () => {
    await setRules({ enabled: true, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 });
    const ritaId = await addLearner(server, { account: 'rita', password: 'rita-pass' });
    await enrolInDemoClass(server, ritaId);
    const rita = (await login(server, 'rita', 'rita-pass')).body.data.credentials.accessToken;
    const [unit] = (
      await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth(rita) })
    ).body.data as Unit[];
    const send = (seq: number, position: number) =>
      server.request('POST', '/api/train/cls_Warp/update-Warp', {
        json: {
          trainWarpCourseId: unit!.trainWarpCourseId,
          playbackId: 'rita-1',
          seq,
          position,
          rate: 1,
          hidden: false,
        },
        headers: auth(rita),
      });
    at(200);
    let seq = 1;
    await send(seq, 0);
    let credited = 0;
    // a whole unit (31–39 s) and more: past any threshold of a one-minute interval's first half
    for (let position = 10; position <= 30; position += 10) {
      at(10);
      const res = await send(++seq, position);
      expect(res.body.data.faceCheck).toBeNull();
      credited += res.body.data.creditedSeconds;
    }
    expect(credited).toBe(30);
    // every minute at random from now: the 30 s studied count towards the first
    await setRules({ enabled: true, atStart: false, atEnd: false, randomEveryMinutes: 0.5, windowSeconds: 120 });
    at(5);
    const next = await send(++seq, 30);
    expect(next.body.data.faceCheck?.kind).toBe('random');
    expect(next.body.data.creditedSeconds).toBe(0);
  });

  it('asks at the end of a unit, and a missed window shows as missed', async () => {
    await setRules({ enabled: true, atStart: false, atEnd: true, randomEveryMinutes: 0, windowSeconds: 60 });
    const unit = units[4]!;
    const playbackId = `face-${++playbacks}`;
    at(200);
    await report(unit, { playbackId, seq: 1, position: 0 });
    let seq = 1;
    let last;
    for (let position = 15; position < unit.durationSeconds + 15; position += 15) {
      at(15);
      last = await report(unit, { playbackId, seq: ++seq, position: Math.min(position, unit.durationSeconds) });
    }
    expect(last!.body.data).toMatchObject({ learnStatus: 2, faceCheck: { kind: 'end' } });
    at(100); // the 60 s window ends unanswered (and the playback goes idle)
    const list = await server.request('POST', '/api/train/class/getCheckList', { json: {}, headers: auth() });
    expect(list.body.data.records[0]).toMatchObject({ kind: 'end', status: 'missed' });
    expect(list.body.data.counts.missed).toBe(1);
    // nothing more is credited until it passes, late
    const next = units[5]!;
    const nextPlayback = `face-${++playbacks}`;
    expect((await report(next, { playbackId: nextPlayback, seq: 1, position: 0 })).body.data.refusal).toBe(
      'FACE_CHECK_DUE',
    );
    await passCheck(list.body.data.records[0].checkId);
    const after = await server.request('POST', '/api/train/class/getCheckList', { json: {}, headers: auth() });
    expect(after.body.data.records[0]).toMatchObject({ status: 'passed', late: true });
    at(10);
    expect((await report(next, { playbackId: nextPlayback, seq: 2, position: 10 })).body.data.creditedSeconds).toBe(10);
  });

  it('lets a phone take the photo once for the desktop, which hears the result', async () => {
    await setRules({ enabled: true, atStart: true, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 });
    // a new login is a new session: a start check again
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    const unit = units[0]!;
    const first = await report(unit, { playbackId: `face-${++playbacks}`, seq: 1, position: 0 });
    const checkId: string = first.body.data.faceCheck.checkId;
    const desktop = connectWs(server, token);
    await desktop.opened;
    await waitForSockets(server, 1);

    const issued = await server.request('POST', '/api/face/capture-token', { json: { checkId }, headers: auth() });
    expect(issued.body.data.qrSvg).toContain('<svg');
    const phoneToken = new URL(issued.body.data.url.replace('/#/', '/')).searchParams.get('t')!;
    const phone = {} as { Authorization: string };

    // a photo without a usable face leaves the token for another try
    const noFace = await compare(facePhotos.faceTooSmall(), { captureToken: phoneToken }, phone);
    expect(noFace.body.data).toMatchObject({ passed: false, reason: 'FACE_TOO_SMALL' });
    const passed = await compare(facePhotos.hopperFresh(), { captureToken: phoneToken }, phone);
    expect(passed.body.data).toMatchObject({ passed: true, check: { checkId, status: 'passed' } });
    expect(await desktop.nextMessage()).toMatchObject({
      code: WsCode.FACE_CHECK_RESULT,
      data: { checkId, passed: true },
    });

    const again = await compare(facePhotos.hopperFresh(), { captureToken: phoneToken }, phone);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe(ErrorCode.CAPTURE_TOKEN_INVALID);
    const forged = await compare(facePhotos.hopperFresh(), { captureToken: 'made-up' }, phone);
    expect(forged.status).toBe(410);
    const anonymous = await compare(facePhotos.hopperFresh(), {}, phone);
    expect(anonymous.status).toBe(401);
    desktop.socket.close();

    // the check passed: this session studies on
    const fresh = await report(unit, { playbackId: `face-${++playbacks}`, seq: 1, position: 0 });
    expect(fresh.body.data.faceCheck, JSON.stringify(fresh.body.data)).toBeNull();

    // a token not used within five minutes expires
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    at(200);
    const next = await report(unit, { playbackId: `face-${++playbacks}`, seq: 1, position: 0 });
    const late = await server.request('POST', '/api/face/capture-token', {
      json: { checkId: next.body.data.faceCheck.checkId },
      headers: auth(),
    });
    const lateToken = new URL(late.body.data.url.replace('/#/', '/')).searchParams.get('t')!;
    at(6 * 60);
    const expired = await compare(facePhotos.hopperFresh(), { captureToken: lateToken }, phone);
    expect(expired.status).toBe(410);
    await passCheck(next.body.data.faceCheck.checkId);
    await setRules({ enabled: true, atStart: false, atEnd: true, randomEveryMinutes: 0, windowSeconds: 120 });
  });

  it("keeps another learner away from someone's checks and reference", async () => {
    const strangerId = await addLearner(server, { account: 'stranger', password: 'stranger-pass' });
    await enrolInDemoClass(server, strangerId);
    const stranger = (await login(server, 'stranger', 'stranger-pass')).body.data.credentials.accessToken;
    const mine = await server.request('POST', '/api/train/class/getCheckList', { json: {}, headers: auth() });
    const checkId: string = mine.body.data.records[0].checkId;
    await server.request('POST', '/api/face/reference', {
      body: photoForm(facePhotos.collins()),
      headers: auth(stranger),
    });
    const res = await compare(facePhotos.collins(), { checkId }, auth(stranger));
    expect(res.status).toBe(404);
    const token = await server.request('POST', '/api/face/capture-token', {
      json: { checkId },
      headers: auth(stranger),
    });
    expect(token.status).toBe(404);
    const theirs = await server.request('POST', '/api/train/class/getCheckList', { json: {}, headers: auth(stranger) });
    expect(theirs.body.data.total).toBe(0);
    // a learner cannot set someone else's reference: that is the console's, for managers only
    const other = await server.request('POST', `/api/manage/learners/${strangerId}/face-reference`, {
      body: photoForm(facePhotos.hopper()),
      headers: auth(),
    });
    expect(other.status).toBe(403);
  });

  it('counts a pass for the session it was made in: after a new login, one check is enough', async () => {
    await setRules({ enabled: true, atStart: true, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 });
    const unit = units[1]!;
    // a check opened on the old device's session…
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    at(200);
    const opened = await report(unit, { playbackId: `face-${++playbacks}`, seq: 1, position: 0 });
    const checkId: string = opened.body.data.faceCheck.checkId;
    // …passed after logging in again
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    await passCheck(checkId);
    at(5);
    const next = await report(unit, { playbackId: `face-${++playbacks}`, seq: 1, position: 0 });
    expect(next.body.data.faceCheck).toBeNull();
  });

  it('stops crediting once a manager voids the check that let the study in: he is asked again at once', async () => {
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const voidLastPass = async () => {
      const last = await server.ctx.db
        .selectFrom('face_checks')
        .select('id')
        .where('status', '=', 'passed')
        .orderBy('passed_at', 'desc')
        .executeTakeFirstOrThrow();
      const res = await server.request('POST', `/api/manage/face-checks/${last.id}/review`, {
        json: { decision: 'void', reason: '照片疑似翻拍' },
        headers: auth(admin),
      });
      expect(res.status, res.text).toBe(200);
    };
    for (const atStart of [true, false]) {
      await setRules({ enabled: true, atStart, atEnd: false, randomEveryMinutes: 15, windowSeconds: 120 });
      // ground not studied yet, from where it stands (study again over credited ground earns nothing)
      const fresh = (await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth() }))
        .body.data as Array<Unit & { durationSeconds: number; furthestSeconds: number }>;
      const left = (u: (typeof fresh)[number]) => u.durationSeconds - u.furthestSeconds;
      const unit = fresh.reduce((a, b) => (left(b) > left(a) ? b : a));
      expect(left(unit)).toBeGreaterThan(10);
      const from = unit.furthestSeconds;
      const playbackId = `face-${++playbacks}`;
      at(5);
      let first = await report(unit, { playbackId, seq: 1, position: from });
      if (first.body.data.faceCheck) {
        await passCheck(first.body.data.faceCheck.checkId);
        at(5);
        first = await report(unit, { playbackId, seq: 2, position: from });
      }
      expect(first.body.data.faceCheck).toBeNull();
      at(5);
      const credited = await report(unit, { playbackId, seq: 3, position: from + 5 });
      expect(credited.body.data.creditedSeconds, JSON.stringify(credited.body.data)).toBe(5);
      await voidLastPass();
      at(5);
      const asked = await report(unit, { playbackId, seq: 4, position: from + 10 });
      expect(asked.body.data, atStart ? 'start' : 'random').toMatchObject({
        creditedSeconds: 0,
        refusal: 'FACE_CHECK_DUE',
        faceCheck: { kind: atStart ? 'start' : 'random' },
      });
      await passCheck(asked.body.data.faceCheck.checkId);
      at(5);
      const again = await report(unit, { playbackId, seq: 5, position: from + 5 });
      expect(again.body.data).toMatchObject({ refusal: null, faceCheck: null });
    }
  });

  it('asks again after a void of an earlier pass: the passes since, their credit taken back too, let nothing through', async () => {
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await setRules({ enabled: true, atStart: true, atEnd: false, randomEveryMinutes: 15, windowSeconds: 120 });
    const fresh = (await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', { json: {}, headers: auth() }))
      .body.data as Array<Unit & { durationSeconds: number; furthestSeconds: number }>;
    const left = (u: (typeof fresh)[number]) => u.durationSeconds - u.furthestSeconds;
    const unit = fresh.reduce((a, b) => (left(b) > left(a) ? b : a));
    expect(left(unit)).toBeGreaterThan(20);
    let position = unit.furthestSeconds;
    /** a new login's study: its start check passed, then 5 s credited; the pass's id */
    const studyPassed = async () => {
      token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
      const playbackId = `face-${++playbacks}`;
      at(5);
      const opened = await report(unit, { playbackId, seq: 1, position });
      expect(opened.body.data.faceCheck?.kind).toBe('start');
      await passCheck(opened.body.data.faceCheck.checkId);
      at(5);
      expect((await report(unit, { playbackId, seq: 2, position })).body.data.faceCheck).toBeNull();
      at(5);
      const credited = await report(unit, { playbackId, seq: 3, position: position + 5 });
      expect(credited.body.data.creditedSeconds).toBe(5);
      position += 5;
      return { playbackId, checkId: opened.body.data.faceCheck.checkId as string };
    };
    const earlier = await studyPassed();
    const later = await studyPassed(); // his last pass, in this session
    const res = await server.request('POST', `/api/manage/face-checks/${earlier.checkId}/review`, {
      json: { decision: 'void', reason: '疑似他人代学' },
      headers: auth(admin),
    });
    expect(res.status, res.text).toBe(200);
    // the void took back the credit after the later pass as well…
    expect(res.body.data.voidedSeconds).toBeGreaterThanOrEqual(10);
    // …so that pass does not let the next report through: he is asked again first
    at(5);
    const asked = await report(unit, { playbackId: later.playbackId, seq: 4, position: position + 5 });
    expect(asked.body.data).toMatchObject({
      creditedSeconds: 0,
      refusal: 'FACE_CHECK_DUE',
      faceCheck: { kind: 'start' },
    });
    await passCheck(asked.body.data.faceCheck.checkId);
    at(5);
    const again = await report(unit, { playbackId: later.playbackId, seq: 5, position: position + 5 });
    expect(again.body.data).toMatchObject({ refusal: null, faceCheck: null });
  });

  it('opens no check for study in a closed class: nothing is credited, so nothing is checked', async () => {
    await setRules({ enabled: true, atStart: true, atEnd: true, randomEveryMinutes: 1, windowSeconds: 120 });
    await server.ctx.db.updateTable('train_classes').set({ closed_at: now }).where('id', '=', classId).execute();
    const before = await server.ctx.db.selectFrom('face_checks').select('id').execute();
    // a new login: its start check would be due in an open class
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    at(60);
    const answer = (await report(units[2]!, { playbackId: `face-${++playbacks}`, seq: 1, position: 0 })).body.data;
    expect(answer).toMatchObject({ refusal: 'CLASS_PERIOD', faceCheck: null, creditedSeconds: 0 });
    expect(await server.ctx.db.selectFrom('face_checks').select('id').execute()).toHaveLength(before.length);
    await server.ctx.db.updateTable('train_classes').set({ closed_at: null }).where('id', '=', classId).execute();
  });
});
