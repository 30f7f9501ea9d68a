import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import {
  addLearner,
  dialects,
  login,
  startServer,
  tomorrowAt,
  type TestServer,
  playUnit,
} from '../../../test/harness.js';
import { insertFaceCheck } from '../../../test/face-check-rows.js';
import { pdfPagesText } from '../../../test/pdf-text.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};

/**
 * A certificate stands on the credit it was earned with. A learner completes his class and has
 * his certificate; a manager voids the face check that let that credit through: the course is
 * incomplete again, so the certificate is withdrawn — it verifies as revoked, the learner is
 * told, his page says he is studying. He studies again and completes: the certificate is
 * renewed under a new number dated by the new completion, and the withdrawn number verifies
 * as 已换发.
 */
describe.each(dialects)('a voided check and the certificate on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(3);
  let admin: string;
  let learner: string;
  let personId: string;
  let trainPersonId: string;
  let units: Array<{ id: string; duration_seconds: number }>;
  const as = (token: string) => ({ Authorization: token });

  const play = (unitId: string, end: number) =>
    playUnit(server, learner, unitId, { end, advance: (ms) => (now += ms) });
  const studyAll = async () => {
    for (const u of units) await play(u.id, u.duration_seconds);
  };
  const mine = async () =>
    (await server.request('GET', '/api/base/certificate/my', { headers: as(learner) })).body.data as Array<{
      number: string;
      status: string;
      issuedAt: string;
    }>;
  const progress = async () =>
    (await server.request('GET', '/api/base/certificate/progress', { headers: as(learner) })).body.data as Array<{
      status: string;
      coursesLeft: number;
    }>;
  const noticesOf = async () =>
    (await server.request('GET', '/notice/getList', { headers: as(learner) })).body.data.list as Array<{
      title: string;
      notice: string;
    }>;
  const verify = async (number: string) => {
    const code = (
      await server.ctx.db
        .selectFrom('certificates')
        .select('verify_code')
        .where('train_person_id', '=', trainPersonId)
        .executeTakeFirstOrThrow()
    ).verify_code;
    return {
      code,
      answer: (await server.request('GET', `/api/base/certificate/verify?number=${number}&code=${code}`)).body.data,
    };
  };

  /** A new learner in a class of his own (one course book, no checks required), as the learner. */
  const enrol = async (account: string) => {
    personId = await addLearner(server, { account, password: 'withdrawn1234' });
    learner = (await login(server, account, 'withdrawn1234')).body.data.credentials.accessToken;
    const fire = await server.ctx.db
      .selectFrom('course_books')
      .select('id')
      .where('name', '=', '消防安全基础')
      .executeTakeFirstOrThrow();
    const created = await server.request('POST', '/api/manage/classes', {
      json: { name: `证书撤回班${account}`, bookIds: [fire.id], rules: RULES },
      headers: as(admin),
    });
    const classId = created.body.data.id;
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
  };
  /** A check passed before he studied: the one a manager later finds was someone else. */
  const passedCheck = async () => {
    now += 1000;
    const at = now;
    now += 1000;
    const { checkId } = await insertFaceCheck(server, {
      personId,
      trainPersonId,
      kind: 'start',
      status: 'passed',
      score: 0.7,
      at,
      warpCourseId: units[0]!.id,
    });
    return checkId;
  };
  const voidCheck = (checkId: string) =>
    server.request('POST', `/api/manage/face-checks/${checkId}/review`, {
      json: { decision: 'void', reason: '照片与本人不符，疑似代学' },
      headers: as(admin),
    });

  beforeAll(async () => {
    server = await startServer({ databaseUrl, now: () => now, env: { ACCESS_TOKEN_MINUTES: '1440' } });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
  }, 120_000);
  afterAll(() => server.close());

  it('issues the certificate as his study completes the class, before he asks for it', async () => {
    await enrol('promptly');
    await studyAll();
    // the manager's 证书管理 has it without the learner opening 我的学习 or 个人中心
    await expect
      .poll(
        async () =>
          (
            await server.request('GET', `/api/manage/certificates?q=promptly`, { headers: as(admin) })
          ).body.data?.records?.map((c: { status: string }) => c.status),
        { timeout: 15_000 },
      )
      .toEqual(['valid']);
    // the job is not kept once done (deleted as it settles, a moment after the certificate is in)
    await expect
      .poll(() => server.ctx.db.selectFrom('jobs').select('id').where('subject_id', '=', personId).execute(), {
        timeout: 15_000,
      })
      .toEqual([]);
    expect((await mine()).map((c) => c.status)).toEqual(['valid']);
  });

  it('withdraws the certificate when a void leaves a course incomplete, and renews it once he completes again', async () => {
    await enrol('withdrawn');
    const checkId = await passedCheck();
    await studyAll();
    const [earned] = await mine();
    expect(earned?.status).toBe('valid');
    expect((await verify(earned!.number)).answer.status).toBe('valid');

    const overview = async () =>
      (await server.request('GET', '/api/manage/dashboard', { headers: as(admin) })).body.data.last30Days as {
        learnersActive: number;
        certificates: number;
      };
    const before = await overview();
    const voided = await voidCheck(checkId);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data.certificateWithdrawn).toBe(earned!.number);
    // his record and 一人一档 say who voided the check, when, why, and the time it took back
    const record = (await server.request('GET', `/api/manage/reports/learners/${personId}`, { headers: as(admin) }))
      .body.data.classes[0].faceChecks[0];
    expect(record).toMatchObject({
      status: 'voided',
      review: { decision: 'voided', reason: '照片与本人不符，疑似代学', reviewerName: '培训管理员' },
    });
    expect(record.review.voidedSeconds).toBeGreaterThan(0);
    const pdf = await fetch(`${server.baseUrl}/api/manage/archives/person/${personId}.pdf`, { headers: as(admin) });
    const text = (await pdfPagesText(await pdf.arrayBuffer())).join('');
    expect(text).toContain('作废，原因：照片与本人不符，疑似代学，扣回');
    expect(text).toContain(`（培训管理员 于 ${record.review.reviewedAt.slice(0, 19).replace('T', ' ')}）`);
    // the paper he holds no longer verifies as valid; his page says he studies again
    expect((await verify(earned!.number)).answer.status).toBe('revoked');
    expect((await mine())[0]?.status).toBe('revoked');
    expect((await progress())[0]).toMatchObject({ status: 'studying', coursesLeft: 1 });
    // 概览 counts neither him (all his credit was taken back) nor the certificate
    expect(await overview()).toMatchObject({
      learnersActive: before.learnersActive - 1,
      certificates: before.certificates - 1,
    });
    const notices = (await server.request('GET', '/notice/getList', { headers: as(learner) })).body.data.list as Array<{
      title: string;
      notice: string;
    }>;
    expect(notices.find((n) => n.title === '人脸核验已作废')?.notice).toContain(
      `本班证书（编号 ${earned!.number}）随之撤销`,
    );
    // the manager cannot hand it back by a click: only completing again renews it
    const issued = await server.request('POST', `/api/manage/certificates/issue`, {
      json: { trainPersonId },
      headers: as(admin),
    });
    expect(issued.status).toBe(409);

    now += 60_000;
    await studyAll();
    const [renewed] = await mine();
    expect(renewed?.status).toBe('valid');
    expect(renewed?.number).not.toBe(earned!.number);
    expect(Date.parse(renewed!.issuedAt)).toBeGreaterThan(Date.parse(earned!.issuedAt));
    expect((await progress())[0]).toMatchObject({ status: 'issued', coursesLeft: 0 });
    expect((await verify(renewed!.number)).answer.status).toBe('valid');
    const told = await noticesOf();
    expect(told.find((n) => n.title === '培训合格证书已换发')?.notice).toContain(`新编号 ${renewed!.number}`);
    const former = await server.ctx.db
      .selectFrom('certificate_reissues')
      .select(['number', 'verify_code'])
      .executeTakeFirstOrThrow();
    expect(former.number).toBe(earned!.number);
    const formerAnswer = async () =>
      (await server.request('GET', `/api/base/certificate/verify?number=${former.number}&code=${former.verify_code}`))
        .body.data;
    expect((await formerAnswer()).status).toBe('reissued');
    // the renewed certificate revoked: the old paper is no more valid than the new one
    const current = (
      await server.request('GET', '/api/manage/certificates', { headers: as(admin) })
    ).body.data.records.find((c: { number: string }) => c.number === renewed!.number);
    await server.request('POST', `/api/manage/certificates/${current.id}/revoke`, {
      json: { reason: '复核不合格' },
      headers: as(admin),
    });
    expect((await formerAnswer()).status).toBe('revoked');
    expect((await progress())[0]).toMatchObject({ status: 'revoked' });
  });

  it("keeps a manager's 撤销 of a withdrawn certificate: completing again renews nothing", async () => {
    await enrol('revoked');
    const checkId = await passedCheck();
    await studyAll();
    const [earned] = await mine();
    expect((await voidCheck(checkId)).body.data.certificateWithdrawn).toBe(earned!.number);
    const listed = async () =>
      (await server.request('GET', '/api/manage/certificates', { headers: as(admin) })).body.data.records.find(
        (c: { number: string }) => c.number === earned!.number,
      );
    expect(await listed()).toMatchObject({ status: 'revoked', withdrawn: true });
    const revoked = await server.request('POST', `/api/manage/certificates/${(await listed()).id}/revoke`, {
      json: { reason: '经核查确属代学' },
      headers: as(admin),
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(await listed()).toMatchObject({ status: 'revoked', withdrawn: false, revokeReason: '经核查确属代学' });
    now += 60_000;
    await studyAll();
    const [after] = await mine();
    expect(after).toMatchObject({ number: earned!.number, status: 'revoked', revokeReason: '经核查确属代学' });
    // he was told, and his page says revoked, not earned
    expect((await noticesOf()).find((n) => n.title === '培训合格证书已撤销')?.notice).toContain(
      '重新完成学习也不再换发',
    );
    expect((await progress())[0]).toMatchObject({ status: 'revoked' });
    expect((await verify(earned!.number)).answer.status).toBe('revoked');
  });
});
