import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLearner, addOrganisation } from '../../server/test/harness.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';

describe('home page and a course page in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it('shows a guest the organisation, what learners say and who joined', async () => {
    const { page, context } = await openPage(env, '/index');
    await expect.poll(() => page.getByTestId('org-name').textContent()).toBe('安训示范单位');
    await expect.poll(() => page.getByTestId('testimonials').locator('.testimonial').count()).toBeGreaterThan(0);
    // names are masked for everyone
    await expect.poll(() => page.getByTestId('newest-learners').textContent()).toContain('李*');
    expect(await page.getByTestId('newest-learners').textContent()).not.toContain('李明');
    await context.close();
  });

  it("shows a learner of another organisation his own 首页 after he signs in on a guest's page", async () => {
    await addOrganisation(env.server, '31001', '恒信化工有限公司');
    await addLearner(env.server, { account: 'hengxin1', password: 'hengxin-pass', orgCode: '31001' });
    const { page, context } = await openPage(env, '/index');
    // the guest's 首页: the site's own organisation, its courses
    await expect.poll(() => page.getByTestId('org-name').textContent()).toBe('安训示范单位');
    await expect.poll(() => page.locator('main').textContent()).toContain('消防安全基础');
    await page.evaluate(() => (location.hash = '/login'));
    await loginByPassword(page, 'hengxin1', 'hengxin-pass');
    await page.waitForURL(/#\/study/);
    await page.evaluate(() => (location.hash = '/index'));
    // his organisation's page, none of what was read for the guest
    await expect.poll(() => page.getByTestId('org-name').textContent()).toBe('恒信化工有限公司');
    await expect.poll(() => page.locator('main').textContent()).not.toContain('消防安全基础');
    expect(await page.locator('main').textContent()).not.toContain('2026年度全员安全生产培训班');
    await context.close();
  });

  it('searches the catalogue, says when nothing matches, and shows all again once the search is emptied', async () => {
    const { page, context } = await openPage(env, '/index');
    const catalogue = page.locator('.course-grid').nth(1);
    await expect.poll(() => catalogue.getByTestId('course-card').count()).toBeGreaterThan(1);
    const all = await catalogue.getByTestId('course-card').count();
    const name = (await catalogue.locator('h3').nth(1).textContent()) ?? '';
    const search = page.getByRole('searchbox', { name: '搜索课程' });
    await search.fill(name);
    await search.press('Enter');
    await expect.poll(() => catalogue.locator('h3').allTextContents()).toEqual([name]);
    await search.fill('没有这门课');
    await page.getByRole('button', { name: '搜索课程' }).click();
    await page.getByText('没有找到课程').waitFor();
    await search.fill('');
    await expect.poll(() => page.locator('.course-grid').nth(1).getByTestId('course-card').count()).toBe(all);
    // with a mouse the box and its button keep antd's small height, side by side
    for (const part of [search, page.getByRole('button', { name: '搜索课程' })]) {
      expect((await part.boundingBox())?.height).toBe(24);
    }
    await context.close();
  });

  it("opens a course from 首页 for a guest's phone in plain markup, its reviews and questions too", async () => {
    const { page, context } = await openPage(env, '/index', { width: 375, height: 812, touch: true });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const card = page.getByTestId('course-card').first();
    const name = (await card.locator('h3').textContent())!;
    // a card is a link (a screen reader lists it, read as it is shown; a long press offers a new tab)
    expect(await card.evaluate((el) => el.tagName)).toBe('A');
    expect(await card.getAttribute('href')).toMatch(/^#\/course\?id=/);
    expect(await page.getByRole('link', { name }).count()).toBeGreaterThan(0);
    await card.click();
    await page.waitForURL(/#\/course\?id=/);
    await expect.poll(() => page.locator('.course-head h1').textContent()).toBe(name);
    expect(await page.getByTestId('course-facts').textContent()).toContain('授课老师');
    const units = page.getByTestId('course-unit-list').locator('li');
    await expect.poll(() => units.count()).toBeGreaterThan(0);
    // a guest previews nothing: each unit's name and length only
    expect(await page.getByTestId('course-unit-list').getByRole('link').count()).toBe(0);
    expect(await page.getByRole('link', { name: '登录后学习' }).getAttribute('href')).toBe('#/login?redirect=/study');
    // under a thumb the small buttons are 32 px high, not a mouse's 24
    for (const button of [
      page.getByRole('link', { name: '登录后学习' }),
      page.locator('.course-page').getByTestId('intent-open'),
    ]) {
      expect((await button.boundingBox())?.height).toBe(32);
    }
    // and a thumb landing 5.5 px above or below one still presses it: its target is 44 px (32 + 2 × 6)
    const login = page.getByRole('link', { name: '登录后学习' });
    const box = (await login.boundingBox())!;
    for (const y of [box.y - 5.5, box.y + box.height + 5.5]) {
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent ?? null,
        [box.x + box.width / 2, y],
      );
      expect(hit).toBe('登录后学习');
    }
    expect(asked.filter((u) => /antd-provider/.test(u))).toEqual([]);
    expect(await page.locator('.course-page [class*="ant-"]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // the tabs take the arrow keys; the reviews and the questions are plain markup too
    await page.getByRole('tab', { name: '课程目录' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('课程评价');
    await page.getByTestId('comments-panel').waitFor();
    await page.getByText('参加本课程学习后可以发表评价').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByText('参加本课程学习后可以参与讨论').waitFor();
    await page.getByTestId('discussion-thread').first().waitFor();
    expect(asked.filter((u) => /antd-provider|config-provider/.test(u))).toEqual([]);
    expect(await page.locator('.course-page [class*="ant-"]').count()).toBe(0);
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((e) => e.textContent));
    expect(styles.filter((text) => text?.includes('.ant-'))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // a first visit straight to the course (a shared link): the organisation, the course and
    // its units are asked at the app's start, not once the page's code is here, and the page
    // takes those answers: none asked twice. The page's code is held back (5 s at most) until
    // they have been asked.
    const link = page.url();
    const shared = await context.newPage();
    const api: string[] = [];
    shared.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) api.push(url.pathname + url.search);
    });
    const early = [/select-code/, /find-course-info/, /select-warp-use-List/, /select-course-use-State/];
    const allAsked = () => early.every((e) => api.some((u) => e.test(u)));
    let askedBeforeCode = false;
    await shared.route(/\/assets\/course-page-[\w-]+\.js$/, async (route) => {
      for (let waited = 0; waited < 5000 && !allAsked(); waited += 50) await new Promise((r) => setTimeout(r, 50));
      askedBeforeCode ||= allAsked();
      await route.continue();
    });
    await shared.goto(link);
    await shared.getByTestId('course-unit-list').waitFor();
    expect(askedBeforeCode).toBe(true);
    expect(api.filter((u) => early.some((e) => e.test(u)))).toHaveLength(4);
    expect(new Set(api).size).toBe(api.length);
    await context.close();
  }, 90_000);

  it('says when a course is gone, and offers to ask again when its units did not load', async () => {
    const { page, context } = await openPage(env, '/course?id=00000000-0000-4000-8000-000000000000', {
      width: 375,
      height: 812,
    });
    await page.getByText('课程不存在或已下架').waitFor();
    // the network drops the units' first request: the page says so, and 重试 asks again
    await page.evaluate(() => (location.hash = '/index'));
    const card = page.getByTestId('course-card').first();
    let dropped = 0;
    await page.route(/select-warp-use-List/, (route) => (dropped++ === 0 ? route.abort() : route.continue()));
    await card.click();
    await page.getByText('加载失败，请检查网络后重试').waitFor();
    await page.getByRole('button', { name: '重试' }).click();
    await expect.poll(() => page.getByTestId('course-unit-list').locator('li').count()).toBeGreaterThan(0);
    expect(dropped).toBe(2);
    await context.close();
  });

  it('lets a learner review the course, ask and answer, preview a unit and see the 14-day chart', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.evaluate(() => (location.hash = '/index'));
    await page.getByTestId('course-card').first().click();
    await page.waitForURL(/#\/course\?id=/);
    await page.getByTestId('course-study').waitFor();

    // classmates' reviews, older than the learner's to come: a second page of them
    const bookId = new URL(page.url().replace('#/', '')).searchParams.get('id')!;
    const { db } = env.server.ctx;
    const written = await db.selectFrom('course_comments').select('id').where('book_id', '=', bookId).execute();
    for (let i = written.length; i < 11; i++) {
      const personId = await addLearner(env.server, { account: `reviewer${i}`, password: 'reviewer-pass' });
      const at = Date.now() - 86_400_000 - i * 60_000;
      await db
        .insertInto('course_comments')
        .values({
          id: crypto.randomUUID(),
          book_id: bookId,
          person_id: personId,
          rating: 4,
          content: `第${i}条`,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }

    // a review: markup is shown as the text it is; no star lit until he rates (a review is not
    // sent without one); four stars chosen from the keyboard
    await page.getByRole('tab', { name: '课程评价' }).click();
    const form = page.getByTestId('comment-form');
    const stars = form.getByRole('radiogroup', { name: '您的评分' });
    expect(await stars.getByRole('radio', { checked: true }).count()).toBe(0);
    await form.getByRole('textbox', { name: '评价内容' }).fill('<b>很实用</b> 推荐给同事');
    expect(await form.getByText('点击星星评分').count()).toBe(1);
    expect(await form.getByRole('button', { name: '发表评价' }).isDisabled()).toBe(true);
    await stars.getByRole('radio', { name: '5 星' }).check({ force: true });
    await page.keyboard.press('ArrowLeft');
    expect(await stars.getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe('4 星');
    expect(await form.getByText('点击星星评分').count()).toBe(0);
    // a look at the units meanwhile keeps what was typed
    await page.getByRole('tab', { name: '课程目录' }).click();
    await page.getByRole('tab', { name: '课程评价' }).click();
    expect(await form.locator('textarea').inputValue()).toBe('<b>很实用</b> 推荐给同事');
    await form.getByRole('button', { name: '发表评价' }).click();
    const mine = page.getByTestId('comment-item').filter({ hasText: '推荐给同事' });
    await mine.waitFor();
    expect(await mine.locator('.post-text').textContent()).toBe('<b>很实用</b> 推荐给同事');
    expect(await mine.locator('b').count()).toBe(0);
    expect(await mine.getByRole('img', { name: '4 星' }).count()).toBe(1);
    await page.getByTestId('comment-form').getByRole('button', { name: '修改评价' }).waitFor();
    // the next page from the keyboard: the pager keeps the focus while it loads, and the form
    // still holds the learner's review, which is on the first page
    const pager = page.getByTestId('comments-panel').getByRole('navigation');
    await pager.getByRole('button', { name: '2', exact: true }).focus();
    await page.keyboard.press('Enter');
    await pager.locator('[aria-current="page"]', { hasText: '2' }).waitFor();
    await expect.poll(() => mine.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('2');
    await page.getByTestId('comment-form').getByRole('button', { name: '修改评价' }).waitFor();
    expect(await page.getByTestId('comment-form').locator('textarea').inputValue()).toBe('<b>很实用</b> 推荐给同事');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await mine.waitFor();
    // 删除 asks first: 取消 keeps the review, 确定 removes it
    await mine.getByRole('button', { name: '删除' }).click();
    const ask = page.getByRole('dialog', { name: '确定删除吗？' });
    await ask.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect(await mine.count()).toBe(1);
    await mine.getByRole('button', { name: '删除' }).click();
    await ask.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => mine.count()).toBe(0);
    // the focus, where the 删除 button went, is on the reviews' panel, not lost to the page
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe(
      await page.getByRole('tab', { name: '课程评价' }).getAttribute('id'),
    );
    await page.getByTestId('comment-form').getByRole('button', { name: '发表评价' }).waitFor();

    // a question of one's own, and an answer to a classmate's
    await page.getByRole('tab', { name: '课程讨论' }).click();
    await page.getByTestId('ask-form').getByRole('textbox', { name: '您的问题' }).fill('灭火器多久检查一次？');
    await page.getByTestId('ask-form').getByRole('button', { name: '提问' }).click();
    const own = page.getByTestId('discussion-thread').filter({ hasText: '灭火器多久检查一次' });
    await own.waitFor();
    // the box is empty again, and the question can be put better
    expect(await page.getByTestId('ask-form').locator('textarea').inputValue()).toBe('');
    await own.getByRole('button', { name: '编辑' }).click();
    await own.getByTestId('edit-form').getByRole('textbox', { name: '修改内容' }).fill('灭火器多久检查一次压力？');
    await own.getByTestId('edit-form').getByRole('button', { name: '保存' }).click();
    await own.getByText('已编辑').waitFor();
    expect(await own.locator('.post-text').first().textContent()).toBe('灭火器多久检查一次压力？');
    const classmates = page.getByTestId('discussion-thread').filter({ hasText: '电脑着火' });
    await classmates.getByTestId('reply-open').click();
    await classmates.getByTestId('reply-form').locator('textarea').fill('先断电，再用二氧化碳灭火器。');
    await classmates.getByTestId('reply-form').getByRole('button', { name: '回答' }).click();
    await classmates.getByText('先断电，再用二氧化碳灭火器。').waitFor();

    // a preview plays with no credit
    await page.getByRole('tab', { name: '课程目录' }).click();
    await page.getByTestId('course-unit-list').getByRole('link', { name: '预览' }).first().click();
    await page.waitForURL(/#\/video\?/);
    await page.getByTestId('preview-video').waitFor();
    await page.getByText('不计入学时').waitFor();
    expect(await page.locator('.video-page [class*="ant-"]').count()).toBe(0);
    await page.getByRole('link', { name: '返回课程' }).click();
    await page.getByTestId('course-unit-list').waitFor();

    await page.evaluate(() => (location.hash = '/progress'));
    await page.getByTestId('daily-chart').waitFor();
    expect(await page.getByTestId('progress-class').count()).toBe(1);
    await context.close();
  }, 90_000);
});
