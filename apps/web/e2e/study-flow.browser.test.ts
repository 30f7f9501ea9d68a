import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../server/test/face-photos.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';
import { passExamOnPage } from './exam-answers';
import { fakeCameraFile } from './fake-camera';
import { shoot } from './face-shoot';

const REPORT_INTERVAL_SECONDS = 15;

/**
 * The learner's main path in real time (issue: study flow): one whole course of the demo
 * class — three narrated units, a face check at the start and at the end of every unit,
 * filmed by Chromium's fake camera — then its exam, then the certificate. No rewind, no
 * refused report between units, every end check on its own unit before the next starts.
 */
describe('one course from the first unit to the certificate in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv({ fakeCamera: await fakeCameraFile(await facePhotos.hopperShots(12)) });
    // the class's other course is done already (its exam passed): this one decides the certificate
    const db = env.server.ctx.db;
    const other = await db
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
      .innerJoin('course_books as b', 'b.id', 'cc.book_id')
      .select(['pc.id', 'pc.train_person_id', 'pc.class_course_id'])
      .where('b.name', '=', '危险化学品安全')
      .where('p.account', '=', 'demo')
      .executeTakeFirstOrThrow();
    const at = Date.now();
    await db
      .updateTable('train_warp_courses')
      .set({ learn_status: 2 })
      .where('class_course_id', '=', other.class_course_id)
      .where('train_person_id', '=', other.train_person_id)
      .execute();
    await db
      .updateTable('train_person_courses')
      .set({ learn_status: 2, studied_seconds: 3600, exam_passed_at: at, sys_score: 95, end_time: at })
      .where('id', '=', other.id)
      .execute();
  }, 120_000);
  afterAll(() => env.close());

  it('plays every unit without a lost second, checks the face at each end, and earns the certificate', async () => {
    const { page, context } = await openPage(env, '/login');
    // a script error anywhere on the way fails the path (a blank page is no next step)
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e.stack ?? e)));
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);

    // the reference photo, taken with the camera in 个人中心
    await page.evaluate(() => (location.hash = '/setting/personalCenter'));
    await page.getByTestId('reference-camera').click();
    await shoot(page);
    await page.getByTestId('reference-updated').waitFor({ timeout: 20_000 });

    // 我的学习 → the fire-safety course, whose player opens on its first unit
    await page.evaluate(() => (location.hash = '/study'));
    const course = page.getByTestId('course-item').filter({ hasText: '消防安全基础' });
    await course.getByRole('button').click();
    await page.waitForURL(/#\/show\?classCourseId=/);
    const classCourseId = new URL(page.url().replace('#/', '')).searchParams.get('classCourseId')!;
    const units = await env.server.ctx.db
      .selectFrom('train_warp_courses as wc')
      .innerJoin('course_warps as w', 'w.id', 'wc.warp_id')
      .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .select(['wc.id', 'w.title', 'w.duration_seconds'])
      .where('p.account', '=', 'demo')
      .where('wc.class_course_id', '=', classCourseId)
      .orderBy('w.sort_order')
      .execute();
    expect(units).toHaveLength(3);
    await expect.poll(() => page.getByTestId('unit-title').textContent()).toBe(units[0]!.title);

    const started = Date.now();
    let inChecks = 0;
    const dialog = page.getByTestId('face-check-dialog');
    /** The check now open: on which unit it opened, passed with the camera. */
    const passCheck = async () => {
      await dialog.waitFor({ timeout: 120_000 });
      const opened = Date.now();
      const unitTitle = await page.getByTestId('unit-title').textContent();
      await shoot(dialog);
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
      inChecks += Date.now() - opened;
      return unitTitle;
    };

    await page.getByTestId('player-video').waitFor();
    await page.evaluate(() =>
      document
        .querySelector<HTMLVideoElement>('[data-testid="player-video"]')
        ?.play()
        .catch(() => undefined),
    );
    // the check at the start of the session
    expect(await passCheck()).toBe(units[0]!.title);
    // the check at the end of each unit opens on that unit, the last one included
    for (const unit of units) {
      const onUnit = await passCheck();
      expect(onUnit).toBe(unit.title);
    }
    // the player stays on the last unit and offers the exam
    await page.getByTestId('course-done').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('unit-title').textContent()).toBe(units[2]!.title);
    // every unit in the list reads complete: 100 % with its tick, not a blue 93 %
    const listed = page.getByTestId('show-unit');
    await expect.poll(() => listed.locator('.progress-line.done').count()).toBe(3);
    expect(await listed.allTextContents()).toEqual(units.map(() => expect.stringContaining('已完成')));
    const totalDuration = units.reduce((s, u) => s + u.duration_seconds, 0);
    const playing = (Date.now() - started - inChecks) / 1000;
    expect(playing).toBeLessThanOrEqual(totalDuration + 30);

    // every unit credited its duration, within one report interval, with no refusal between units
    const db = env.server.ctx.db;
    const records = await db
      .selectFrom('train_warp_courses')
      .select(['id', 'study_length', 'learn_status'])
      .where(
        'id',
        'in',
        units.map((u) => u.id),
      )
      .execute();
    for (const unit of units) {
      const record = records.find((r) => r.id === unit.id)!;
      expect(record.learn_status).toBe(2);
      expect(record.study_length).toBeGreaterThanOrEqual(unit.duration_seconds - REPORT_INTERVAL_SECONDS);
      expect(record.study_length).toBeLessThanOrEqual(unit.duration_seconds);
    }
    // 本次已计入 counts every unit played on this page, not only the one playing
    const total = records.reduce((sum, r) => sum + r.study_length, 0);
    const shown = Number(await page.getByTestId('credited-now').textContent());
    expect(Math.abs(shown - total)).toBeLessThanOrEqual(1);
    const refused = await db
      .selectFrom('study_events')
      .select('refusal')
      .where(
        'warp_course_id',
        'in',
        units.map((u) => u.id),
      )
      .where('refusal', 'is not', null)
      .execute();
    // no refusal between units; a check refuses one report, the one it came with at the
    // start (its pause sends none)
    expect(refused.map((e) => e.refusal)).toEqual(['FACE_CHECK_DUE']);
    // each end check was passed before the next unit's first report
    const ends = await db
      .selectFrom('face_checks')
      .select(['warp_course_id', 'passed_at', 'status'])
      .where('kind', '=', 'end')
      .where(
        'warp_course_id',
        'in',
        units.map((u) => u.id),
      )
      .orderBy('due_at')
      .execute();
    expect(ends.map((c) => c.warp_course_id)).toEqual(units.map((u) => u.id));
    expect(ends.every((c) => c.status === 'passed')).toBe(true);
    for (let i = 0; i < 2; i++) {
      const next = await db
        .selectFrom('study_events')
        .select((eb) => eb.fn.min('created_at').as('first'))
        .where('warp_course_id', '=', units[i + 1]!.id)
        .executeTakeFirstOrThrow();
      expect(Number(next.first)).toBeGreaterThan(ends[i]!.passed_at!);
    }

    // the next step is the exam; its review opens with the score in view
    await page.getByTestId('next-step-exam').click();
    await page.waitForURL(/#\/exams/);
    // on 练题's 考试 tab at once (it opened on 顺序练习, the exam a tab away)
    await page.getByTestId('exam-start').waitFor();
    await passExamOnPage(page, env.server);
    const score = page.getByTestId('exam-score');
    expect(await score.textContent()).toContain('100 / 100');
    await expect.poll(() => score.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(800);
    expect(await score.evaluate((el) => el.getBoundingClientRect().bottom)).toBeGreaterThan(0);

    // the class is complete: 我的学习 offers the certificate, which 个人中心 holds
    await page.evaluate(() => (location.hash = '/study'));
    await expect
      .poll(() => page.getByTestId('certificate-line').textContent(), { timeout: 20_000 })
      .toContain('已获得培训合格证书');
    await page.evaluate(() => (location.hash = '/setting/personalCenter'));
    await page.getByTestId('certificate-item').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('pending-checks').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 420_000);
});
