import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStart, recordTime } from '../../server/src/core/record-time.js';
import { addLearner, enrolInDemoClass, turnOffFaceChecks } from '../../server/test/harness.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';

describe('studying in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
    // this suite is about crediting; face checks have theirs (identity.browser.test.ts)
    await turnOffFaceChecks(env.server);
  });
  afterAll(() => env.close());

  it("fetches the player's code ahead once the learner scrolls 我的学习, and opens a course from the cache", async () => {
    const { page, context } = await openPage(env, '/login', { width: 375, height: 812 });
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.getByTestId('course-item').first().waitFor();
    const files = JSON.parse((await page.locator('#page-files').textContent())!) as Record<string, string[]>;
    const player = files['/show']!.find((f) => /\/show-page-[\w-]+\.js$/.test(f))!;
    expect(player).toBeTruthy();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const fetched: Array<{ url: string; cached: boolean }> = [];
    cdp.on('Network.responseReceived', ({ response }) =>
      fetched.push({ url: response.url, cached: Boolean(response.fromPrefetchCache || response.fromDiskCache) }),
    );
    // left alone, the page fetches nothing more
    await page.waitForTimeout(1_000);
    expect(fetched.filter((f) => f.url.endsWith(player))).toEqual([]);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => fetched.filter((f) => f.url.endsWith(player)).length).toBe(1);
    // opening a course takes the player's code from the cache, not from the server
    fetched.length = 0;
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.getByTestId('player-video').waitFor();
    expect(fetched.filter((f) => f.url.endsWith(player))).toEqual([
      { url: expect.stringContaining(player), cached: true },
    ]);
    // on a phone the player runs none of antd: its run-time styles (any antd component's are
    // `.ant-…`) are nowhere
    await page.getByTestId('show-unit').first().waitFor();
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((e) => e.textContent));
    expect(styles.filter((text) => text?.includes('.ant-'))).toEqual([]);
    await context.close();
  });

  it('plays a courseware video and sees the credited time on /progress', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.getByText('2026年度全员安全生产培训班').waitFor();
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.waitForURL(/#\/show\?classCourseId=/);
    await page.getByTestId('player-video').waitFor();
    await page.getByTestId('show-unit').first().waitFor();
    // the player and its unit list are plain markup (the desktop layout's menu is antd's)
    expect(await page.locator('.show-page [class*="ant-"]').count()).toBe(0);
    // the reports as they leave the browser
    const sent: Array<{ type: string | undefined; body: string }> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/train/cls_Warp/update-Warp')) {
        sent.push({ type: request.headers()['content-type'], body: request.postData() ?? '' });
      }
    });
    const firstTag = () => page.getByTestId('show-unit').first().locator('.plain-tag').textContent();
    expect(await firstTag()).toBe('未开始');
    await page.evaluate(() => document.querySelector('video')?.play());
    // the unit playing says 学习中 once its playing is accepted, not 未开始 until its first credit
    await expect.poll(firstTag, { timeout: 5_000 }).toBe('学习中');
    // one report interval (15 s) and a little more
    await expect.poll(() => page.getByTestId('credited-now').textContent(), { timeout: 30_000 }).not.toBe('0');
    const credited = Number(await page.getByTestId('credited-now').textContent());
    expect(credited).toBeGreaterThanOrEqual(13);
    expect(credited).toBeLessThanOrEqual(20);
    // spec §7's wire: one form field, entity, holding the report's JSON as text (README:
    // not RSA-encrypted, which cost the server ~1 ms per report and protected nothing)
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]!.type).toContain('application/x-www-form-urlencoded');
    const entity = new URLSearchParams(sent[0]!.body).get('entity');
    expect(JSON.parse(entity!)).toMatchObject({ seq: expect.any(Number), rate: 1, hidden: false });

    // skipping ahead is not allowed, but only back to where the learner was, not to the last
    // report's point (up to 15 s behind it)
    const playhead = () => page.evaluate(() => document.querySelector('video')!.currentTime);
    // (well before the next report, 15 s after the first: the ground since it is not yet reported)
    await expect.poll(playhead, { timeout: 15_000 }).toBeGreaterThan(credited + 4);
    const reached = await playhead();
    const reportsBefore = sent.length;
    const landed = await page.evaluate(async () => {
      const v = document.querySelector('video')!;
      v.currentTime = v.duration - 1;
      await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
      return v.currentTime;
    });
    expect(landed).toBeLessThan(reached + 2);
    expect(landed).toBeGreaterThan(reached - 1);
    // going back from ground not yet reported reports it at once, from where the learner was
    await page.evaluate(() => (document.querySelector('video')!.currentTime = 2));
    await expect.poll(() => sent.length, { timeout: 3_000 }).toBeGreaterThan(reportsBefore);
    const back = JSON.parse(new URLSearchParams(sent[reportsBefore]!.body).get('entity')!);
    expect(back.position).toBeGreaterThan(reached - 1);
    // the skip said why it stopped, in a toast
    await page.getByText('未学完的部分不能快进').waitFor();

    // another page opened: the player's page is kept in the background, its video stopped
    // (playing on unseen, its playback ended, it had earned nothing when the learner came back)
    expect(await page.evaluate(() => document.querySelector('video')!.paused)).toBe(false);
    await page.evaluate(() => (location.hash = '/progress'));
    await page.getByTestId('progress-table').waitFor();
    expect(await page.evaluate(() => document.querySelector('video')?.paused)).toBe(true);
    await expect
      .poll(async () => Number(await page.getByTestId('total-studied').getAttribute('data-seconds')))
      .toBeGreaterThanOrEqual(credited);
    // the study start counts once the playback earned enough credit (15 s, or a third of this short unit: the first interval and the stretch reported on the way back): one start, one count
    const counts = () =>
      env.server.ctx.db
        .selectFrom('train_warp_courses')
        .select((eb) => eb.fn.sum<number>('study_count').as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    await expect.poll(counts, { timeout: 10_000 }).toBe(1);
    // 课程进度 is plain markup too: each course with its units beneath, until it is folded
    expect(await page.locator('.progress-page [class*="ant-"]').count()).toBe(0);
    const table = page.getByTestId('progress-table');
    const units = await table.getByTestId('progress-unit').count();
    expect(units).toBeGreaterThan(0);
    const fold = table.getByTestId('progress-course').first().getByRole('button');
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    await fold.click();
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    expect(await table.getByTestId('progress-unit').count()).toBeLessThan(units);
    await fold.click();
    expect(await table.getByTestId('progress-unit').count()).toBe(units);
    // each bar is named by what it measures: a screen reader says whose progress it reads
    const names = await page
      .getByRole('progressbar')
      .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(units);
    for (const name of names) expect(name).toMatch(/^\S.* 学习进度$/);
    expect(names).toContain(`${await page.getByTestId('progress-class').locator('h2').textContent()} 学习进度`);
    await context.close();
  }, 90_000);

  it('on a phone, 课程进度 runs none of antd, and a unit opens in the player', async () => {
    const { page, context } = await openPage(env, '/login', { width: 375, height: 812 });
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.getByTestId('class-card').getByRole('button', { name: '课程进度' }).click();
    const cards = page.getByTestId('progress-cards');
    await cards.waitFor();
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((e) => e.textContent));
    expect(styles.filter((text) => text?.includes('.ant-'))).toEqual([]);
    // the second unit of the first course, straight from its line
    const unit = cards.getByTestId('progress-course').first().getByTestId('progress-unit').nth(1);
    const name = (await unit.textContent())!;
    await unit.getByRole('link').click();
    await page.waitForURL(/#\/show\?classCourseId=[\w-]+&unit=/);
    await page.getByTestId('player-video').waitFor();
    // that unit, not the course's first one the player opens on by itself
    expect(name).toContain(await page.getByTestId('unit-title').textContent());
    expect(await page.locator('[data-testid="show-unit"] [aria-current="true"]').textContent()).toMatch(/^2\. /);
    await context.close();
  }, 90_000);

  it('says where a refused stretch moved the video back to', async () => {
    // a learner of his own: nothing credited yet, whatever the tests before studied
    const account = `rewound-${Date.now()}`;
    await enrolInDemoClass(env.server, await addLearner(env.server, { account, password: 'rewound1234' }));
    const { page, context } = await openPage(env, '/login', { width: 375, height: 812 });
    await loginByPassword(page, account, 'rewound1234');
    await page.waitForURL(/#\/study/);
    // the playback's second report (the pause's below, or the timer's on a slow machine) says
    // the page was hidden, as a script's might: refused
    await page.route('**/api/train/cls_Warp/update-Warp', async (route) => {
      const form = new URLSearchParams(route.request().postData() ?? '');
      const entity = JSON.parse(form.get('entity') ?? '{}') as { seq?: number };
      if (entity.seq !== 2) return route.continue();
      form.set('entity', JSON.stringify({ ...entity, hidden: true }));
      await route.continue({ postData: form.toString() });
    });
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.getByTestId('player-video').waitFor();
    const playhead = () => page.evaluate(() => document.querySelector('video')!.currentTime);
    await page.evaluate(() => document.querySelector('video')?.play());
    await expect.poll(playhead, { timeout: 20_000 }).toBeGreaterThan(4);
    await page.evaluate(() => document.querySelector('video')?.pause());
    // back to where the credit stands, the start, as the notice says
    await page.getByText('页面不在前台，本段未计入学时；已退回到 0:00，请从这里继续观看').waitFor();
    expect(await playhead()).toBeLessThan(1);
    await context.close();
  });

  it('asks a learner who has not touched anything for 10 minutes whether he is still there, and plays on when he is', async () => {
    const { page, context } = await openPage(env, '/login', { width: 375, height: 812 });
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.getByTestId('course-item').first().getByRole('button').click();
    await page.getByTestId('player-video').waitFor();
    // the page's own clock, from here on: it runs as the real one, and can jump
    await page.clock.install();
    const video = page.getByTestId('player-video');
    await page.evaluate(() => document.querySelector('video')?.play());
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    const dialog = page.getByTestId('still-there');
    expect(await dialog.isVisible()).toBe(false);
    // ten minutes and a report interval without a touch (the lid closed, say)
    await page.clock.fastForward('10:20');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('您还在学习吗？');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // modal: the page behind it cannot be used meanwhile
    expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true);
    // playing again is seen by the player when its play event comes, after the video's paused
    // flag turns: its report says it has been (a jump before it would be no time untouched)
    const resumed = page.waitForRequest((request) => {
      if (!request.url().endsWith('/api/train/cls_Warp/update-Warp')) return false;
      const entity = new URLSearchParams(request.postData() ?? '').get('entity');
      return JSON.parse(entity ?? '{}').paused !== true;
    });
    await dialog.getByRole('button', { name: '继续学习' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await resumed;
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    // Escape closes it too; the video then waits for the learner's own play
    await page.clock.fastForward('10:20');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await context.close();
  }, 60_000);

  it("shows the manager today's 学时 and active learners on 概览 as the study record holds them", async () => {
    // the figures, summed by the test from study_events since the start of today (the organisation's day)
    const from = dayStart(recordTime(Date.now()).slice(0, 10));
    const events = await env.server.ctx.db
      .selectFrom('study_events')
      .select(['person_id', 'credited_seconds'])
      .where('created_at', '>=', from)
      .execute();
    const seconds = events.reduce((sum, e) => sum + Number(e.credited_seconds), 0);
    const learners = new Set(events.filter((e) => Number(e.credited_seconds) > 0).map((e) => e.person_id)).size;
    expect(seconds).toBeGreaterThanOrEqual(13);
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'admin', 'admin1234');
    await page.waitForURL(/#\/manage\/dashboard/);
    await page.evaluate(() => (location.hash = '/manage/dashboard'));
    const value = (key: string) => page.getByTestId(`figure-${key}`).locator('.ant-statistic-content-value');
    await value('hours').waitFor();
    expect(await value('hours').textContent()).toBe(String(Math.round((seconds / 1800) * 100) / 100));
    expect(await value('active').textContent()).toBe(String(learners));
    await context.close();
  }, 60_000);
});
