import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLearner, enrolInDemoClass, turnOffFaceChecks } from '../../server/test/harness.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';

/**
 * A study trial in Chromium found honest seconds lost (README, "Study credit"): a phone's screen
 * locked mid-stretch had the stretch watched before it refused as played hidden, and a tab
 * closed after the access token expired lost its last report. Tokens here live one minute.
 */
describe('an honest learner loses no second', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv({ env: { ACCESS_TOKEN_MINUTES: '1' } });
    await turnOffFaceChecks(env.server);
  });
  afterAll(() => env.close());

  /** The learner has watched (and been credited) all but the last `left` seconds of every unit. */
  const resumeNearTheEnd = async (account: string, left: number) => {
    const db = env.server.ctx.db;
    const units = await db
      .selectFrom('train_warp_courses as w')
      .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
      .select(['w.id', 'cw.duration_seconds'])
      .where('p.account', '=', account)
      .execute();
    for (const u of units) {
      const at = u.duration_seconds - left;
      await db
        .updateTable('train_warp_courses')
        .set({ furthest_seconds: at, last_position: at, study_length: at, learn_status: 1 })
        .where('id', '=', u.id)
        .execute();
    }
  };

  const events = () =>
    env.server.ctx.db
      .selectFrom('study_events')
      .select(['credited_seconds', 'refusal', 'seq'])
      .orderBy('created_at')
      .execute();

  it('credits the stretch watched before the screen locks, and renews the token before it expires', async () => {
    const { page, context } = await openPage(env, '/login', { width: 375, height: 740, touch: true });
    const signedInAt = Date.now();
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    const answers: number[] = [];
    const refreshedAt: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/train/cls_Warp/update-Warp')) answers.push(response.status());
      if (response.url().endsWith('/api/refresh-token') && response.ok()) refreshedAt.push(Date.now());
    });
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.getByTestId('player-video').waitFor();
    await page.evaluate(() => document.querySelector('video')?.play());
    const playhead = () => page.evaluate(() => document.querySelector('video')!.currentTime);
    // well inside the first report interval (15 s): nothing of this stretch is reported yet
    await expect.poll(playhead, { timeout: 15_000 }).toBeGreaterThan(8);
    // the screen locks: the page is hidden, the player pauses and reports the stretch
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await page.evaluate(() => document.querySelector('video')!.paused)).toBe(true);
    const watched = await playhead();
    await expect
      .poll(async () => (await events()).reduce((sum, e) => sum + e.credited_seconds, 0), { timeout: 5_000 })
      .toBeGreaterThan(watched - 2);
    expect((await events()).map((e) => e.refusal)).not.toContain('HIDDEN');

    // unlocked: he plays on past the token's minute, which is renewed before it runs out
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
      void document.querySelector('video')?.play();
    });
    await expect.poll(() => refreshedAt.length, { timeout: 70_000 }).toBeGreaterThan(0);
    expect(refreshedAt[0]! - signedInAt).toBeLessThan(60_000);
    // every report was taken on the first try: none met an expired token
    expect(answers.length).toBeGreaterThan(2);
    expect(answers.every((status) => status === 200)).toBe(true);
    await context.close();
  }, 120_000);

  it('credits what he watches once the page is seen again, after a stretch played from the lock screen', async () => {
    await enrolInDemoClass(env.server, await addLearner(env.server, { account: 'lock-screen', password: 'lock1234' }));
    const { page, context } = await openPage(env, '/login', { width: 375, height: 740, touch: true });
    await loginByPassword(page, 'lock-screen', 'lock1234');
    await page.waitForURL(/#\/study/);
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.getByTestId('player-video').waitFor();
    const playhead = () => page.evaluate(() => document.querySelector('video')!.currentTime);
    const setVisible = (visible: boolean) =>
      page.evaluate((seen) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (seen ? 'visible' : 'hidden'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, visible);
    const before = (await events()).length;
    await page.evaluate(() => document.querySelector('video')?.play());
    await expect.poll(playhead, { timeout: 10_000 }).toBeGreaterThan(2);
    // the screen locks (the player pauses), and he presses play on the lock screen
    await setVisible(false);
    await page.evaluate(() => document.querySelector('video')?.play());
    const hiddenFrom = await playhead();
    await expect.poll(playhead, { timeout: 10_000 }).toBeGreaterThan(hiddenFrom + 2);
    // unlocked while it plays: the unseen stretch is refused there and then, and what he
    // watches from now on is credited with the next report
    await setVisible(true);
    await expect
      .poll(async () => (await events()).slice(before).map((e) => e.refusal), { timeout: 5_000 })
      .toContain('HIDDEN');
    const seenFrom = await playhead();
    await expect.poll(playhead, { timeout: 30_000 }).toBeGreaterThan(seenFrom + 17);
    const mine = (await events()).slice(before);
    const afterRefusal = mine.slice(mine.findIndex((e) => e.refusal === 'HIDDEN') + 1);
    expect(afterRefusal.reduce((sum, e) => sum + e.credited_seconds, 0)).toBeGreaterThan(10);
    await context.close();
  }, 120_000);

  it('pauses while the network is down and sends the stretch again once it is back', async () => {
    const { page, context } = await openPage(env, '/login', { width: 375, height: 740, touch: true });
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.getByTestId('player-video').waitFor();
    const video = (script: string) => page.evaluate(script) as Promise<number | boolean>;
    await page.evaluate(() => document.querySelector('video')?.play());
    await expect.poll(() => video('document.querySelector("video").currentTime > 0')).toBe(true);
    const from = Number(await video('document.querySelector("video").currentTime'));
    const before = (await events()).reduce((sum, e) => sum + e.credited_seconds, 0);
    await expect
      .poll(() => video('document.querySelector("video").currentTime'), { timeout: 10_000 })
      .toBeGreaterThan(from + 4);
    await context.setOffline(true);
    // the next report goes unanswered: the video waits, saying why
    await expect.poll(() => video('document.querySelector("video").paused'), { timeout: 20_000 }).toBe(true);
    await page.getByText('网络已断开，视频已暂停').waitFor();
    const stopped = Number(await video('document.querySelector("video").currentTime'));
    await context.setOffline(false);
    // sent again within seconds: what he watched before the network went is credited
    await expect
      .poll(async () => (await events()).reduce((sum, e) => sum + e.credited_seconds, 0) - before, { timeout: 15_000 })
      .toBeGreaterThan(stopped - from - 2);
    await page.getByText('网络已断开，视频已暂停').waitFor({ state: 'detached' });
    await context.close();
  }, 90_000);

  it("sends a unit's last report again when it ended offline, even if he plays on first", async () => {
    await enrolInDemoClass(env.server, await addLearner(env.server, { account: 'ends-offline', password: 'ends1234' }));
    await resumeNearTheEnd('ends-offline', 10);
    const { page, context } = await openPage(env, '/login', { width: 375, height: 740, touch: true });
    await loginByPassword(page, 'ends-offline', 'ends1234');
    await page.waitForURL(/#\/study/);
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.getByTestId('player-video').waitFor();
    const unitStatus = () =>
      env.server.ctx.db
        .selectFrom('train_warp_courses as w')
        .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
        .innerJoin('persons as p', 'p.id', 'tp.person_id')
        .select(['w.learn_status', 'w.furthest_seconds'])
        .where('p.account', '=', 'ends-offline')
        .orderBy('w.furthest_seconds', 'desc')
        .executeTakeFirstOrThrow();
    await page.evaluate(() => document.querySelector('video')?.play());
    const left = () =>
      page.evaluate(() => {
        const v = document.querySelector('video')!;
        return v.duration - v.currentTime;
      });
    // the network goes in the unit's last seconds: its end is not answered
    await expect.poll(left, { timeout: 60_000, interval: 250 }).toBeLessThan(3);
    await context.setOffline(true);
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')!.ended), { timeout: 10_000 })
      .toBe(true);
    await page.getByText('网络已断开，视频已暂停').waitFor();
    expect((await unitStatus()).learn_status).not.toBe(2);
    // back, and he presses play (and pause) before the player tried again: the end goes first,
    // and completes the unit, though this playback plays nothing
    await context.setOffline(false);
    await page.evaluate(async () => {
      const v = document.querySelector('video')!;
      await v.play();
      v.pause();
    });
    await expect.poll(async () => (await unitStatus()).learn_status, { timeout: 15_000 }).toBe(2);
    await context.close();
  }, 120_000);
  it('is not set back by a report the network delayed, and the end it left short is saved by waiting it out', async () => {
    // a name of its own on a retry
    const account = `jitter-${Date.now()}`;
    await enrolInDemoClass(env.server, await addLearner(env.server, { account, password: 'jitter1234' }));
    await resumeNearTheEnd(account, 19);
    const { page, context } = await openPage(env, '/login', { width: 375, height: 740, touch: true });
    await loginByPassword(page, account, 'jitter1234');
    await page.waitForURL(/#\/study/);
    // the playback's first report is 5 s late on the way: the next, on time, has 15 s of
    // ground for 10 s on the server's clock, and the unit's end is 5 s short of its credit; and
    // the end save's first report is lost to the network
    const playbacks: string[] = [];
    await page.route('**/api/train/cls_Warp/update-Warp', async (route) => {
      const entity = JSON.parse(new URLSearchParams(route.request().postData() ?? '').get('entity') ?? '{}') as {
        seq?: number;
        playbackId?: string;
      };
      if (entity.seq === 1 && entity.playbackId && !playbacks.includes(entity.playbackId)) {
        playbacks.push(entity.playbackId);
        if (playbacks.length === 1) await new Promise((resolve) => setTimeout(resolve, 5_000));
        if (playbacks.length === 2) return route.abort('internetdisconnected');
      }
      await route.continue();
    });
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.getByTestId('player-video').waitFor();
    // resumed where the record stands, 19 s before the end
    const playhead = () => page.evaluate(() => document.querySelector('video')!.currentTime);
    await expect.poll(playhead).toBeGreaterThan(0);
    const playedFrom = await playhead();
    await page.evaluate(() => document.querySelector('video')?.play());
    // the end save's first report goes unanswered: sent again, and the save goes on once it is
    await page.getByText('网络已断开，视频已暂停').waitFor({ timeout: 40_000 });
    await page.getByText('正在保存本节最后几秒的学习进度').waitFor({ timeout: 15_000 });
    const unit = () =>
      env.server.ctx.db
        .selectFrom('train_warp_courses as w')
        .innerJoin('train_persons as tp', 'tp.id', 'w.train_person_id')
        .innerJoin('persons as p', 'p.id', 'tp.person_id')
        .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
        .select(['w.id', 'w.learn_status', 'w.furthest_seconds', 'cw.duration_seconds'])
        .where('p.account', '=', account)
        .orderBy('w.learn_status', 'desc')
        .executeTakeFirstOrThrow();
    // completed without playing anything again (the page then moves on to the next unit)
    await expect.poll(async () => (await unit()).learn_status, { timeout: 20_000 }).toBe(2);
    const { id, duration_seconds: duration } = await unit();
    expect(playedFrom).toBeCloseTo(duration - 19, 0);
    const stored = await env.server.ctx.db
      .selectFrom('study_events')
      .select(['playback_id', 'credited_seconds', 'refusal', 'created_at'])
      .where('warp_course_id', '=', id)
      .orderBy('created_at')
      .execute();
    // nothing refused as a skip, nothing watched again, every second of the 19 credited
    expect(stored.map((e) => e.refusal).filter(Boolean)).toEqual([]);
    expect(stored.reduce((sum, e) => sum + e.credited_seconds, 0)).toBeCloseTo(19, 0);
    // and no report credited more than the time since the one before it in its playback
    stored.forEach((e, i) => {
      const before = stored.slice(0, i).findLast((b) => b.playback_id === e.playback_id);
      if (e.credited_seconds > 0)
        expect(e.credited_seconds).toBeLessThanOrEqual((e.created_at - before!.created_at) / 1000);
    });
    await context.close();
  }, 120_000);
});
