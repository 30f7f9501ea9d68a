import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../../test/face-photos.js';
import {
  addLearner,
  dialects,
  enrolInDemoClass,
  login,
  startServer,
  tomorrowAt,
  type TestServer,
} from '../../../test/harness.js';

/**
 * 考前人脸核验: a class set to check faces before its exams lets nobody start (or, from another
 * login, resume) a paper without a pass of the learner's own face — the real model on real
 * photographs (the learner's reference is Grace Hopper; Eileen Collins sits in for her).
 */
describe.each(dialects)('face check before an exam on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(3);
  let token: string;
  let classCourseId: string;
  const auth = (t = token) => ({ Authorization: t });
  const start = (t = token) =>
    server.request('POST', '/api/exam/mock/start', { json: { trainClassCourseId: classCourseId }, headers: auth(t) });
  const openChecks = async (t = token) =>
    (await server.request('GET', '/api/train/class/getOpenChecks', { headers: auth(t) })).body.data as Array<{
      checkId: string;
      kind: string;
    }>;
  /** A camera photo for a check, as the face-check dialog sends it. */
  const shoot = async (photo: Buffer | Promise<Buffer>, checkId: string, t = token) => {
    const nonce = (await server.request('POST', '/api/face/nonce', { headers: auth(t) })).body.data.nonce as string;
    const form = new FormData();
    form.append('checkId', checkId);
    form.append('via', 'camera');
    form.append('nonce', nonce);
    form.append('photo', new Blob([new Uint8Array(await photo)], { type: 'image/jpeg' }), 'face.jpg');
    const res = await server.request('POST', '/api/face/compare', { body: form, headers: auth(t) });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { passed: boolean };
  };
  /** The one check the start asked for: refused, with an exam check open. */
  const refusedWithCheck = async (t = token) => {
    const refused = await start(t);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: ErrorCode.FACE_CHECK_REQUIRED, msg: '考试前请先完成人脸核验' });
    const open = await openChecks(t);
    expect(open).toHaveLength(1);
    expect(open[0]!.kind).toBe('exam');
    return open[0]!.checkId;
  };

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      now: () => now,
      env: { ACCESS_TOKEN_MINUTES: '1440' },
      configure: (config) => {
        config.rateLimits.facePerPerson = { points: 1000, durationSeconds: 60 };
      },
    });
    await enrolInDemoClass(server, await addLearner(server, { account: 'examinee', password: 'examinee-1' }));
    token = (await login(server, 'examinee', 'examinee-1')).body.data.credentials.accessToken;
    const reference = new FormData();
    reference.append('photo', new Blob([new Uint8Array(facePhotos.hopper())], { type: 'image/jpeg' }), 'me.jpg');
    expect((await server.request('POST', '/api/face/reference', { body: reference, headers: auth() })).status).toBe(
      200,
    );
    const mine = await server.request('GET', '/api/train/person/select-page', { headers: auth() });
    const courses = await server.request(
      'GET',
      `/api/train/cls_course/select-page?trainPersonId=${mine.body.data.records[0].trainPersonId}`,
      { headers: auth() },
    );
    classCourseId = courses.body.data.records[0].trainClassCourseId;
    // the class checks faces before its exams, and lets its exam be sat before study
    const cls = await server.ctx.db.selectFrom('train_classes').select(['id', 'rules']).executeTakeFirstOrThrow();
    const rules = JSON.parse(cls.rules);
    await server.ctx.db
      .updateTable('train_classes')
      .set({
        rules: JSON.stringify({
          ...rules,
          faceCheck: {
            enabled: true,
            atStart: true,
            atEnd: true,
            randomEveryMinutes: 10,
            windowSeconds: 120,
            beforeExam: true,
          },
          exam: { ...rules.exam, afterStudy: false, retakes: 2 },
        }),
      })
      .where('id', '=', cls.id)
      .execute();
  }, 60_000);
  afterAll(() => server.close());

  it('starts a paper only after his own face passed; another login resumes it only after another pass', async () => {
    // the exam's page says so before the start
    const summary = await server.request('GET', `/api/exam/mock/summary?trainClassCourseId=${classCourseId}`, {
      headers: auth(),
    });
    expect(summary.body.data.faceCheckFirst).toBe(true);
    const checkId = await refusedWithCheck();
    // asking again opens no second check
    expect((await start()).body.code).toBe(ErrorCode.FACE_CHECK_REQUIRED);
    expect(await openChecks()).toHaveLength(1);
    // someone else in front of the camera: still no paper
    expect((await shoot(facePhotos.collinsFresh(), checkId)).passed).toBe(false);
    expect((await start()).body.code).toBe(ErrorCode.FACE_CHECK_REQUIRED);
    now += 30_000;
    expect((await shoot(facePhotos.hopperFresh(), checkId)).passed).toBe(true);
    const paper = await start();
    expect(paper.status, paper.text).toBe(200);
    const attemptId: string = paper.body.data.attemptId;
    // the same login resumes it without another check
    now += 60_000;
    expect((await start()).body.data.attemptId).toBe(attemptId);

    // a second login (the learner's password given to someone else) is checked before the paper
    const other = (await login(server, 'examinee', 'examinee-1')).body.data.credentials.accessToken as string;
    // who never starts it cannot answer or hand it in either, from that login
    for (const url of ['/api/exam/mock/save', '/api/exam/mock/submit']) {
      const sideways = await server.request('POST', url, { json: { attemptId, answers: {} }, headers: auth(other) });
      expect(sideways.body.code, url).toBe(ErrorCode.FACE_CHECK_REQUIRED);
    }
    const again = await refusedWithCheck(other);
    expect((await shoot(facePhotos.hopperFresh(), again, other)).passed).toBe(true);
    expect((await start(other)).body.data.attemptId).toBe(attemptId);
    token = other;
    const handedIn = await server.request('POST', '/api/exam/mock/submit', {
      json: { attemptId, answers: {} },
      headers: auth(),
    });
    expect(handedIn.status, handedIn.text).toBe(200);
  }, 120_000);

  it('asks again for a new paper when the last pass is more than ten minutes old', async () => {
    now += 11 * 60_000;
    const checkId = await refusedWithCheck();
    expect((await shoot(facePhotos.hopperFresh(), checkId)).passed).toBe(true);
    const paper = await start();
    expect(paper.status, paper.text).toBe(200);
    expect(paper.body.data.attemptNumber).toBe(2);
  }, 120_000);

  it("counts a phone's photo (the QR code) for the login that showed the code", async () => {
    // the paper of the last test handed in; a check opened by one login, then a new login
    await server.request('POST', '/api/exam/mock/submit', {
      json: { attemptId: (await start()).body.data.attemptId, answers: {} },
      headers: auth(),
    });
    now += 11 * 60_000;
    const checkId = await refusedWithCheck();
    const desk = (await login(server, 'examinee', 'examinee-1')).body.data.credentials.accessToken as string;
    expect((await start(desk)).body.code).toBe(ErrorCode.FACE_CHECK_REQUIRED);
    expect((await openChecks(desk)).map((c) => c.checkId)).toEqual([checkId]);
    // the desktop has no camera: it shows a QR code, the phone takes the photo
    const issued = await server.request('POST', '/api/face/capture-token', { json: { checkId }, headers: auth(desk) });
    const phoneToken = new URL(issued.body.data.url.replace('/#/', '/')).searchParams.get('t')!;
    const form = new FormData();
    form.append('via', 'phone');
    form.append('captureToken', phoneToken);
    form.append('photo', new Blob([new Uint8Array(await facePhotos.hopperFresh())], { type: 'image/jpeg' }), 'p.jpg');
    const shot = await server.request('POST', '/api/face/compare', { body: form });
    expect(shot.body.data, shot.text).toMatchObject({ passed: true });
    // the desktop's login sits the paper: no second check
    const paper = await start(desk);
    expect(paper.status, paper.text).toBe(200);
    expect(await openChecks(desk)).toEqual([]);
  }, 120_000);
});
