import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';

describe('shell in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it('sends unknown routes to 404 and guests from study pages to /login', async () => {
    const { page, context } = await openPage(env, '/no/such/page');
    await page.waitForURL(/#\/404$/);
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await page.goto(`${env.server.baseUrl}/#/exams`);
    await page.waitForURL(/#\/login\?redirect=%2Fexams/);
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/exams$/);
    await context.close();
  });

  it('follows an address that changed while the app was starting (a link followed before the router listened)', async () => {
    const context = await env.browser.newContext();
    // the address moves from 404 to the organisation's login page after the router has read
    // it and before it listens: the moment a user's hash change used to be lost
    await context.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      let moved = false;
      window.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, boolean?]) => {
        if (type === 'popstate' && !moved) {
          moved = true;
          history.replaceState(null, '', '#/login?OrgCode=00000');
        }
        add(type, ...rest);
      }) as typeof window.addEventListener;
    });
    const page = await context.newPage();
    await page.goto(`${env.server.baseUrl}/#/404`);
    await page.getByTestId('login-org').getByText('安训示范单位').waitFor();
    expect(await page.getByText('抱歉，您访问的页面不存在').count()).toBe(0);
    expect(page.url()).toMatch(/#\/login\?OrgCode=00000$/);
    await context.close();
  });

  it("reloads once when a dialog's code will not load, then says so instead of a blank page", async () => {
    const { page, context } = await openPage(env, '/index');
    await page.getByTestId('org-banner').waitFor();
    // the login dialog's code cannot be fetched (a release removed it, the network dropped)
    await page.route(/\/assets\/login-dialog-[\w-]+\.js$/, (route) => route.abort());
    const loads: number[] = [];
    page.on('load', () => loads.push(Date.now()));
    await page.locator('.login-button').click();
    await expect.poll(() => loads.length).toBe(1); // reloaded to the current release
    await page.getByTestId('org-banner').waitFor();
    await page.locator('.login-button').click();
    await page.getByRole('alert').getByText('页面加载失败，请检查网络后重新加载').waitFor();
    expect(loads).toHaveLength(1); // not a reload loop
    await context.close();
  });

  it("gives a guest's first visit to 首页 on a phone its code and lists at once, each asked once, and no antd", async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 740 } });
    await context.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.violations.push(e.violatedDirective));
    });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
    const lists = [/select-thermal-page/, /book\/select-page/, /cmtion\/select-page/, /select-newest/];
    const listsAsked = () => lists.every((list) => asked.some((u) => list.test(u)));
    // 首页's code is held back until its lists have been asked (5 s at most): the app's start
    // asks them, not the page once its code is here
    let listsBeforeCode = false;
    await page.route(/\/assets\/home-[\w-]+\.js$/, async (route) => {
      for (let waited = 0; waited < 5000 && !listsAsked(); waited += 50) await new Promise((r) => setTimeout(r, 50));
      listsBeforeCode ||= listsAsked();
      await route.continue();
    });
    await page.goto(`${env.server.baseUrl}/#/index`);
    await page.getByTestId('course-card').first().waitFor();
    await page.locator('.newest-learner-list').waitFor();
    // the page's own inline script (allowed by its hash) asked for the layout's and 首页's code
    // as the page was read, before the app's script had arrived
    expect(await page.locator('link[rel="modulepreload"][href^="/assets/home-"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    // the organisation, the two course lists, testimonials and newest learners: asked at the
    // app's start, taken by the page when it came, none asked twice
    expect(listsBeforeCode).toBe(true);
    const api = asked.filter((u) => u.startsWith('/api/'));
    expect(
      api.filter((u) => /select-code|select-thermal-page|book\/select-page|cmtion|select-newest/.test(u)),
    ).toHaveLength(5);
    expect(new Set(api).size).toBe(api.length);
    // the layout and 首页 are plain markup: antd's code and its run-time styles stay away
    expect(asked.filter((u) => /antd-provider|config-provider/.test(u))).toEqual([]);
    // (the icons' own few rules are `.anticon`; any antd component's styles are `.ant-…`)
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((e) => e.textContent));
    expect(styles.filter((text) => text?.includes('.ant-'))).toEqual([]);
    // and the plain layout keeps the page as narrow as the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('shows the horizontal layout with the organisation logo on desktop', async () => {
    const { page, context } = await openPage(env, '/index');
    await page.locator('[data-layout="horizontal"]').waitFor();
    await page.locator('.org-logo').getByText('安训示范单位').waitFor();
    expect(await page.evaluate(() => document.body.className)).toContain('ocean');
    await context.close();
  });

  it('keeps the side menu in view while a long page scrolls (vertical layout)', async () => {
    const { page, context } = await openPage(env, '/login', { settings: { layout: 'vertical' } });
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.evaluate(() => (location.hash = '/progress'));
    await page.getByTestId('progress-class').waitFor();
    // a short window, so the page is longer than it
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.mouse.move(640, 300);
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollTop)).toBeGreaterThan(100);
    // the menu is still there to use, not scrolled away above an empty dark column
    await expect.poll(() => page.locator('.shell-sider').getByText('练题').isVisible()).toBe(true);
    const item = await page.locator('.shell-sider').getByText('练题').boundingBox();
    expect(item!.y).toBeGreaterThanOrEqual(0);
    expect(item!.y).toBeLessThan(400);
    await context.close();
  });

  it('keeps tabs and closes others, left, right and all from the more-menu', async () => {
    const { page, context } = await openPage(env, '/login', { settings: { showTabs: true } });
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    const tabs = page.getByTestId('tabs-bar').locator('.tab-item');
    await tabs.filter({ hasText: '我的学习' }).waitFor();
    for (const [path, title] of [
      ['/exams', '练题'],
      ['/course', '课程详情'],
      ['/progress', '课程进度'],
    ]) {
      await page.evaluate((p) => (location.hash = p), path!);
      await tabs.filter({ hasText: title }).waitFor();
    }
    await expect.poll(() => tabs.allTextContents()).toEqual(['我的学习', '练题', '课程详情', '课程进度']);

    // antd keeps closed dropdowns in the DOM, hidden: act on the open one
    const openMenu = () => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    const more = async (action: string) => {
      await page.getByTestId('tabs-more').click();
      await openMenu().getByRole('menuitem', { name: action }).click();
      // the menu fades out as the pointer leaves it (a hover menu: it may linger while the pointer rests)
      await page.mouse.move(640, 700);
      await expect.poll(() => openMenu().count(), { timeout: 10_000 }).toBe(0);
    };
    await page.locator('.tab-item[data-path="/course"]').click();
    await page.waitForURL(/#\/course$/);
    await more('关闭右侧');
    await expect.poll(() => tabs.allTextContents()).toEqual(['我的学习', '练题', '课程详情']);
    await more('关闭左侧');
    await expect.poll(() => tabs.allTextContents()).toEqual(['课程详情']);

    // 首页 cannot be closed and is pinned first
    await page.evaluate(() => (location.hash = '/index'));
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页', '课程详情']);
    // closing the active tab goes to the last remaining one
    await page.locator('.tab-item[data-path="/index"] .tab-close').waitFor({ state: 'detached' });
    await page.evaluate(() => (location.hash = '/exams'));
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页', '课程详情', '练题']);
    await page.locator('.tab-item[data-path="/exams"] .tab-close').click();
    await page.waitForURL(/#\/course$/);
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页', '课程详情']);
    // the keyboard closes a tab with Delete; the tablist holds the tabs alone
    await page.evaluate(() => (location.hash = '/exams'));
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页', '课程详情', '练题']);
    await page.locator('.tab-item[data-path="/exams"]').focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页', '课程详情']);
    expect(await page.getByRole('tablist').getByRole('button').count()).toBe(0);
    // right-click menu
    await page.locator('.tab-item[data-path="/index"]').click({ button: 'right' });
    await openMenu().getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => openMenu().count()).toBe(0);
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页']);
    // 首页 cannot be closed
    await more('关闭全部');
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页']);
    await context.close();
  });

  it('saves, restores and randomises the theme from the drawer', async () => {
    const { page, context } = await openPage(env, '/index');
    const bodyClass = () => page.evaluate(() => document.body.className);
    await page.getByTestId('open-settings').click();
    const drawer = page.locator('.theme-drawer');
    await drawer.getByLabel('主题').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '绿荫草场' }).click();
    await drawer.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect.poll(bodyClass).toContain('green');
    // each closes the drawer: it is opened again once it has slid away (a click on it while it
    // closes lands on its fading mask, which closes it)
    const closed = () => expect.poll(() => drawer.isVisible(), { timeout: 5_000 }).toBe(false);
    await closed();

    await page.getByTestId('open-settings').click();
    await drawer.getByRole('button', { name: '恢复默认' }).click();
    await expect.poll(bodyClass).toContain('ocean');
    await closed();

    await page.getByTestId('open-settings').click();
    await drawer.getByRole('button', { name: '随机换肤' }).click();
    await expect.poll(bodyClass).not.toContain('ocean');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('anxun-settings') ?? '{}').state.themeName);
    expect(saved).not.toBe('ocean');
    await context.close();
  });

  it('switches every text to English and back', async () => {
    const { page, context } = await openPage(env, '/index', { settings: { showLanguage: true } });
    await page.getByText('我的学习').first().waitFor();
    // the menu opens on hover; its item is clicked where it is, without a pointer path that could close it
    const languageItem = async (name: string) => {
      // from elsewhere: a pointer still resting on the switch since the last choice enters nothing
      // (on a busy machine the menu is still closing then, and never opens again)
      await page.mouse.move(0, 0);
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'detached' });
      await page.getByTestId('language-switch').hover();
      const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText(name);
      await item.waitFor();
      await item.dispatchEvent('click');
    };
    await languageItem('English');
    await page.locator('.shell-header').getByRole('button', { name: 'My study' }).waitFor();
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    expect(await page.title()).toBe('Home - Online Work-Safety Training');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await languageItem('中文简体');
    await page.getByRole('menuitem', { name: '首页' }).waitFor();
    await context.close();
  });

  it('keeps the page as it was left when a tablet is turned across 992 px', async () => {
    const { page, context } = await openPage(env, '/index', { width: 1024, height: 768 });
    await page.locator('[data-layout="horizontal"]').waitFor();
    const search = page.getByRole('searchbox', { name: '搜索课程' });
    await search.fill('受限空间');
    await page.evaluate(() => {
      (window as unknown as { kept: Element | null }).kept = document.querySelector('input[type="search"]');
    });
    const same = () =>
      page.evaluate(
        () => (window as unknown as { kept: Element | null }).kept === document.querySelector('input[type="search"]'),
      );
    // portrait: the phone's layout, and the same page, the words still typed
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.locator('[data-layout="vertical"]').waitFor();
    expect(await same()).toBe(true);
    expect(await search.inputValue()).toBe('受限空间');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.locator('[data-layout="horizontal"]').waitFor();
    expect(await same()).toBe(true);
    await context.close();
  });

  it('is vertical with a folded sidebar on a 375 px phone, and folds again after navigating', async () => {
    const { page, context } = await openPage(env, '/login', { width: 375, height: 740 });
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.locator('[data-layout="vertical"]').waitFor();
    // the page drawn (its links are where Tab goes from the skipped-to page; a CI run once
    // tabbed out of an empty <main> before they were there)
    await page.getByTestId('course-item').first().waitFor();
    const sider = page.locator('.shell-sider');
    expect((await sider.boundingBox())?.width ?? 0).toBeLessThan(1);
    // the keyboard's first stop skips to the page: out of sight until focused, then shown
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const skip = page.getByRole('button', { name: '跳到主要内容' });
    expect((await skip.boundingBox())?.y ?? 0).toBeLessThan(0);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要内容');
    await expect.poll(async () => (await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    // the folded menu takes no keyboard focus: the next Tab lands in the header
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('header')))).toBe(true);
    // taken, the skip goes past the header to the page, and Tab on from there is in it
    await skip.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    // open, it is a landmark named for what it holds (folded, it is hidden from assistive technology too)
    await page.getByRole('complementary', { name: '菜单' }).waitFor();
    await sider.getByText('练题').waitFor();
    // a menu longer than the screen (here a very short one) scrolls under the finger (the wheel)
    await page.setViewportSize({ width: 375, height: 120 });
    await page.mouse.move(100, 90);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => sider.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.setViewportSize({ width: 375, height: 740 });
    await sider.getByText('练题').click();
    await page.waitForURL(/#\/exams$/);
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBeLessThan(1);
    // no horizontal scrolling on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
