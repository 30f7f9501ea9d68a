import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
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
import { insertFaceCheck } from '../../../test/face-check-rows.js';

/**
 * Face checks a copied photo cannot pass (issue: trust): a printed portrait held up to the
 * camera check after check is the same still scene — the third such pass is flagged and waits
 * in 核验审核 (or, where the server is set to, is refused); low anti-spoofing or liveness
 * scores flag a pass too; a reference saved before photos were hashed is hashed when a check
 * first needs it.
 */
describe.each(dialects)('face-check trust on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(2);
  let admin: string;
  let learner: string;
  let personId: string;
  let trainPersonId: string;
  const as = (token: string) => ({ Authorization: token });

  /** A due random check of the learner, as the study flow opens one. */
  const openCheck = async () => {
    now += 60_000;
    return (await insertFaceCheck(server, { personId, trainPersonId, status: 'pending', at: now })).checkId;
  };
  /** The camera dialog's request: a nonce, then the photo for the check. */
  const shoot = async (photo: Buffer | Promise<Buffer>, checkId?: string, token = learner) => {
    const nonce = (await server.request('POST', '/api/face/nonce', { headers: as(token) })).body.data.nonce;
    const form = new FormData();
    if (checkId) form.append('checkId', checkId);
    form.append('via', 'camera');
    form.append('nonce', nonce);
    form.append('photo', new Blob([new Uint8Array(await photo)], { type: 'image/jpeg' }), 'face.jpg');
    const res = await server.request('POST', '/api/face/compare', { body: form, headers: as(token) });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const queue = async () =>
    (await server.request('GET', '/api/manage/face-checks/review', { headers: as(admin) })).body.data.records as Array<{
      checkId: string;
      flags: string[];
      attempts: Array<{ flags: string[]; realScore: number | null; liveScore: number | null; reason: string | null }>;
    }>;

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      now: () => now,
      configure: (config) => {
        config.rateLimits.facePerPerson = { points: 1000, durationSeconds: 60 };
      },
    });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    personId = await addLearner(server, { account: 'trusted', password: 'trusted1234' });
    await enrolInDemoClass(server, personId);
    learner = (await login(server, 'trusted', 'trusted1234')).body.data.credentials.accessToken;
    trainPersonId = (
      await server.ctx.db
        .selectFrom('train_persons')
        .select('id')
        .where('person_id', '=', personId)
        .executeTakeFirstOrThrow()
    ).id;
    const reference = new FormData();
    reference.append('photo', new Blob([new Uint8Array(facePhotos.hopper())], { type: 'image/jpeg' }), 'me.jpg');
    const set = await server.request('POST', '/api/face/reference', { body: reference, headers: as(learner) });
    expect(set.status, set.text).toBe(200);
  }, 60_000);
  afterAll(() => server.close());

  it('flags the third pass that shows the same still scene, and 核验审核 lists it with the flag', async () => {
    const checks: string[] = [];
    for (let n = 0; n < 3; n++) {
      const checkId = await openCheck();
      checks.push(checkId);
      const result = await shoot(facePhotos.hopperHeldUp(n), checkId);
      expect(result, `shot ${n}: ${JSON.stringify(result)}`).toMatchObject({ passed: true, reason: null });
    }
    const stored = await server.ctx.db
      .selectFrom('face_checks')
      .select(['id', 'flags'])
      .where('id', 'in', checks)
      .execute();
    const flagsOf = (id: string) => stored.find((c) => c.id === id)?.flags;
    expect(flagsOf(checks[0]!)).toBeNull();
    expect(flagsOf(checks[1]!)).toBeNull();
    expect(flagsOf(checks[2]!)).toBe('STILL_SCENE');

    const listed = await queue();
    const flagged = listed.find((c) => c.checkId === checks[2]);
    expect(flagged, 'the flagged pass waits for review').toBeDefined();
    expect(flagged!.flags).toEqual(['STILL_SCENE']);
    expect(flagged!.attempts[0]).toMatchObject({ flags: ['STILL_SCENE'], reason: null });
    expect(flagged!.attempts[0]!.realScore).toEqual(expect.any(Number));
    expect(flagged!.attempts[0]!.liveScore).toEqual(expect.any(Number));
    // the clear passes before it are not
    expect(listed.map((c) => c.checkId)).not.toContain(checks[0]);

    // a live shot breaks the run: no flag
    const live = await openCheck();
    expect(await shoot(facePhotos.hopperFresh(), live)).toMatchObject({ passed: true });
    const after = await server.ctx.db
      .selectFrom('face_checks')
      .select('flags')
      .where('id', '=', live)
      .executeTakeFirstOrThrow();
    expect(after.flags).toBeNull();
  }, 120_000);

  it('refuses the still scene seen before, where the server is set to', async () => {
    server.ctx.config.face.stillRefuseAfter = 2;
    try {
      // the picture held up three times already (and one live shot since): the fourth time is refused
      const refused = await shoot(facePhotos.hopperHeldUp(3), await openCheck());
      expect(refused).toMatchObject({ passed: false, reason: 'STILL_SCENE', score: null });
      expect(refused.msg).toContain('几乎完全相同');
    } finally {
      server.ctx.config.face.stillRefuseAfter = 0;
    }
  }, 60_000);

  it('flags a pass whose anti-spoofing or liveness score is under the line, and keeps the scores', async () => {
    server.ctx.config.face.minAntispoof = 0.99;
    try {
      const checkId = await openCheck();
      expect(await shoot(facePhotos.hopperFresh(), checkId)).toMatchObject({ passed: true });
      const row = await server.ctx.db
        .selectFrom('face_attempts')
        .select(['flags', 'real_score', 'live_score'])
        .where('check_id', '=', checkId)
        .executeTakeFirstOrThrow();
      expect(row.real_score).toBeLessThan(0.99);
      expect(row.live_score).toEqual(expect.any(Number));
      expect(row.flags).toContain('LOW_ANTISPOOF');
      expect((await queue()).find((c) => c.checkId === checkId)?.flags).toContain('LOW_ANTISPOOF');
    } finally {
      server.ctx.config.face.minAntispoof = 0.3;
    }
  }, 60_000);

  it('flags a pass that came after another face in the same check: the stand-in first, the learner then', async () => {
    const checkId = await openCheck();
    expect(await shoot(facePhotos.collinsFresh(), checkId)).toMatchObject({ passed: false, reason: 'MISMATCH' });
    expect(await shoot(facePhotos.hopperFresh(), checkId)).toMatchObject({ passed: true });
    expect((await queue()).find((c) => c.checkId === checkId)?.flags).toContain('OTHER_FACE');
    // his own face all along: nothing to look at
    const clean = await openCheck();
    expect(await shoot(facePhotos.hopperFresh(), clean)).toMatchObject({ passed: true });
    expect((await queue()).some((c) => c.checkId === clean)).toBe(false);
  }, 60_000);

  it('refuses the very file another account sent, as a reference or as a check photo', async () => {
    const twinId = await addLearner(server, { account: 'twin', password: 'twin1234' });
    await enrolInDemoClass(server, twinId);
    const twin = (await login(server, 'twin', 'twin1234')).body.data.credentials.accessToken;
    const setReference = (photo: Buffer) => {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
      return server.request('POST', '/api/face/reference', { body: form, headers: as(twin) });
    };
    // the trusted learner's own reference file
    const same = await setReference(facePhotos.hopper());
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('这张照片已用于其他账号，请本人现场拍摄');
    expect((await setReference(await facePhotos.hopperAgain())).status).toBe(200);
    // a photo the trusted learner passed a check with, sent again from the other account
    const photo = await facePhotos.hopperFresh();
    expect(await shoot(photo, await openCheck())).toMatchObject({ passed: true });
    expect(await shoot(photo, undefined, twin)).toMatchObject({ passed: false, reason: 'REPLAY' });
  }, 60_000);

  it('sends a share of the clean passes to 核验审核 all the same, for a person to compare the photos', async () => {
    // a copy reframed enough passes every rule: a person sees it beside the reference
    try {
      server.ctx.config.face.reviewSamplePercent = 100;
      const sampled = await openCheck();
      expect(await shoot(facePhotos.hopperFresh(), sampled)).toMatchObject({ passed: true, score: null });
      expect((await queue()).find((c) => c.checkId === sampled)?.flags).toEqual(['SAMPLED']);
      server.ctx.config.face.reviewSamplePercent = 0;
      const clean = await openCheck();
      expect(await shoot(facePhotos.hopperFresh(), clean)).toMatchObject({ passed: true });
      expect((await queue()).some((c) => c.checkId === clean)).toBe(false);
    } finally {
      server.ctx.config.face.reviewSamplePercent = 0;
    }
  }, 60_000);

  it('hashes a reference saved before photos were hashed when a check first needs it, and refuses its copy', async () => {
    await server.ctx.db
      .updateTable('face_references')
      .set({ frame_hash: null, face_hash: null })
      .where('person_id', '=', personId)
      .execute();
    const { quality60 } = await facePhotos.copiesOf(facePhotos.hopper());
    expect(await shoot(quality60)).toMatchObject({ passed: false, reason: 'REPLAY' });
    const ref = await server.ctx.db
      .selectFrom('face_references')
      .select(['frame_hash', 'face_hash'])
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(ref.frame_hash).toMatch(/^[0-9a-f]{16}$/);
    expect(ref.face_hash).toMatch(/^[0-9a-f]{16}$/);
  }, 60_000);
});
