import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLearner } from '../../server/test/harness.js';
import { lastCode, loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';

describe('login in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it('checks fields on blur with the spec texts', async () => {
    const { page, context } = await openPage(env, '/login');
    await page.getByPlaceholder('用户名/身份证号/手机号').focus();
    await page.getByPlaceholder('密码').focus();
    await expect.poll(() => page.getByText('请输入用户名').count()).toBe(1);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('请输入密码').count()).toBe(1);
    await context.close();
  });

  it('shows and hides the typed password', async () => {
    const { page, context } = await openPage(env, '/login');
    const password = page.getByPlaceholder('密码');
    await password.fill('secret12');
    expect(await password.getAttribute('type')).toBe('password');
    const toggle = page.getByRole('button', { name: '显示密码' });
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await password.inputValue()).toBe('secret12');
    await context.close();
  });

  it('shows the server message for a wrong password in a toast of its own, and stays on /login', async () => {
    const { page, context } = await openPage(env, '/login', { width: 375, height: 812 });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    // a learner of its own: its wrong passwords (more on a retry) must not lock the demo
    // learner the later tests log in as
    const account = `wrong-${Date.now()}`;
    await addLearner(env.server, { account, password: 'right1234' });
    await loginByPassword(page, account, 'wrong-password');
    const toast = page.getByRole('alert').filter({ hasText: '用户名或密码错误' });
    await toast.waitFor();
    expect(page.url()).toContain('#/login');
    // the toast is plain markup: it brought neither antd's code nor its run-time styles
    expect(asked.filter((u) => /antd|config-provider|notifier/.test(u))).toEqual([]);
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((e) => e.textContent));
    expect(styles.filter((text) => text?.includes('.ant-'))).toEqual([]);
    // the same words again while shown: still one toast, its words put in anew (a screen
    // reader says them again; antd's second message was read out too)
    const words = toast.locator('span:not(.toast-mark)');
    await words.evaluate((e) => e.setAttribute('data-said', ''));
    await page.evaluate(() => document.querySelector('form')!.requestSubmit());
    await expect.poll(() => asked.filter((u) => u.endsWith('/login')).length).toBe(2);
    await expect.poll(() => toast.locator('[data-said]').count()).toBe(0);
    expect(await words.textContent()).toBe('用户名或密码错误');
    expect(await toast.count()).toBe(1);
    // the same words once more, now with a modal dialog open (a face check's, say): still one
    // toast, drawn above the dialog rather than under its backdrop
    await page.evaluate(() => {
      const dialog = document.createElement('dialog');
      dialog.textContent = 'a modal dialog';
      dialog.style.cssText = 'margin-top: 0; width: 300px; padding: 40px';
      document.body.append(dialog);
      dialog.showModal();
      document.querySelector('form')!.requestSubmit();
    });
    await expect.poll(() => asked.filter((u) => u.endsWith('/login')).length).toBe(3);
    await page.waitForTimeout(300);
    expect(await toast.count()).toBe(1);
    // and not inert like the page behind the dialog: the pointer reaches it (a resting pointer
    // keeps it) and so does a screen reader
    const box = (await toast.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[role="alert"]'),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);
    // (the page behind a modal dialog is inert, and so hidden from hit-testing: what the
    // screen shows is read instead, at the left of the toast's red mark)
    const mark = (await toast.locator('.toast-mark').boundingBox())!;
    const shot = await page.screenshot({ clip: { x: mark.x + 3, y: mark.y + mark.height / 2, width: 1, height: 1 } });
    const [red, green, blue] = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(1, 1);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return [...context.getImageData(0, 0, 1, 1).data];
    }, shot.toString('base64'));
    // #ff4d4f, neither the dialog's white nor dimmed by its backdrop
    expect(red).toBeGreaterThan(245);
    expect(green).toBeLessThan(110);
    expect(blue).toBeLessThan(110);
    // and it goes after its 5 seconds
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });

  it('logs in by account, lands on /study with the name, and logs out to the site root', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.locator('.shell-header').getByText('张安全').waitFor();
    expect(await page.title()).toBe('我的学习 - 在线安全生产培训系统');
    // 我的学习 is plain markup: with its courses listed, nothing on it is antd's (the header's
    // signed-in widgets load antd after the page is drawn)
    await page.getByTestId('course-item').first().waitFor();
    expect(await page.locator('.study-page [class*="ant-"]').count()).toBe(0);

    const session = await page.evaluate(() => ({
      token: JSON.parse(sessionStorage.getItem('anxun-session') ?? '{}').state?.token as string,
      keys: Object.keys(localStorage).filter((k) => k.startsWith('anxun-user-')),
    }));
    expect(session.keys).toHaveLength(1);
    // no password is kept in the browser
    expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage))).not.toContain(
      'demo1234',
    );

    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await page.waitForURL(/#\/index/);
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('anxun-user-')))).toEqual([]);
    const old = await env.server.request('GET', '/api/user/info', { headers: { Authorization: session.token } });
    expect(old.status).toBe(401);
    await context.close();
  });

  it('logs in by phone with the code from the SMS outbox; a wrong code says so', async () => {
    const { page, context } = await openPage(env, '/login');
    await page.getByRole('button', { name: '使用手机验证码登录' }).click();
    // the way he chose is the way the page opens next time
    await page.reload();
    await page.getByTestId('login-phone').waitFor();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('请输入手机号').waitFor();

    await page.getByPlaceholder('手机号').fill('13800000001');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/秒后重新获取/).waitFor();
    const code = await lastCode(env, '13800000001');

    await page.getByPlaceholder('验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('login-submit').click();
    await page.getByText('验证码输入错误').waitFor();

    await page.getByPlaceholder('验证码').fill(code);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/study/);
    await page.locator('.shell-header').getByText('张安全').waitFor();
    await context.close();
  });

  it("on a phone, a learner's first page after login runs none of antd, and the menu opens to a tap", async () => {
    // a phone: touch, no mouse to rest on the avatar
    const context = await env.browser.newContext({
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`${env.server.baseUrl}/#/login`);
    // a text link is 29 px of line; under a thumb its target reaches 45 px: 7.5 px off still presses it
    const toPhone = page.getByRole('button', { name: '使用手机验证码登录' });
    const box = (await toPhone.boundingBox())!;
    for (const y of [box.y - 7.5, box.y + box.height + 7.5]) {
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
        [box.x + box.width / 2, y],
      );
      expect(hit).toBe('使用手机验证码登录');
    }
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.getByTestId('course-item').first().waitFor();
    // the avatar says whose it is, though the name is hidden on a phone
    const avatar = page.getByRole('button', { name: '张安全' });
    await avatar.tap();
    const personal = page.getByRole('button', { name: '个人中心' });
    await personal.waitFor();
    // the page, the layout and the user's menu are plain markup: antd's run-time styles
    // (any antd component's are `.ant-…`) are nowhere
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((e) => e.textContent));
    expect(styles.filter((text) => text?.includes('.ant-'))).toEqual([]);
    // a second tap on the avatar closes it, a tap elsewhere too
    await avatar.tap();
    await expect.poll(() => personal.count()).toBe(0);
    await avatar.tap();
    await personal.waitFor();
    await page.locator('.study-page h1').tap();
    await expect.poll(() => personal.count()).toBe(0);
    // from the keyboard: Tab walks into the list, Escape closes it and hands the focus back
    await avatar.tap();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('个人中心');
    await page.keyboard.press('Escape');
    await expect.poll(() => personal.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-menu');
    await avatar.tap();
    await personal.tap();
    await page.waitForURL(/#\/setting\/personalCenter/);
    await context.close();
  });

  it('logs in from the header dialog and goes to /study', async () => {
    const { page, context } = await openPage(env, '/index');
    await page
      .locator('.shell-header')
      .getByRole('button', { name: /^登\s*录$/ })
      .click();
    const dialog = page.getByRole('dialog');
    // opened, the account field has the focus: he types at once
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder')), { timeout: 5_000 })
      .toBe('用户名/身份证号/手机号');
    await dialog.getByPlaceholder('用户名/身份证号/手机号').fill('demo');
    await dialog.getByPlaceholder('密码').fill('demo1234');
    await dialog.getByTestId('login-submit').click();
    await page.waitForURL(/#\/study/);
    await page.locator('.shell-header').getByText('张安全').waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('registers a learner who is told how to log in, his phone already in the account field', async () => {
    const { page, context } = await openPage(env, '/register');
    await page.getByLabel('姓名').fill('王学员');
    await page.getByLabel('身份证号码').fill('110101199001011231');
    await page.getByLabel('身份证号码').blur();
    await page.getByText('请输入正确的身份证号码').waitFor();
    await page.getByLabel('身份证号码').fill('11010519491231002X');
    await page.getByLabel('手机号', { exact: true }).fill('13912340000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/秒后重新获取/).waitFor();
    await page.getByLabel('手机验证码').fill(await lastCode(env, '13912340000'));
    await page.getByLabel('密码（不少于6位）').fill('12345');
    await page.getByRole('button', { name: /^注\s*册$/ }).click();
    await page.getByText('密码不能少于6位').waitFor();
    await page.getByLabel('密码（不少于6位）').fill('secret12');
    await page.getByRole('button', { name: /^注\s*册$/ }).click();
    await page.waitForURL(/#\/login$/);
    // said on the page until he leaves it, not in a toast gone in three seconds
    const note = page.getByRole('status').filter({ hasText: '注册成功，请用手机号（或身份证号）和密码登录' });
    await note.waitFor();
    await page.waitForTimeout(3_500);
    expect(await note.isVisible()).toBe(true);
    expect(await page.getByPlaceholder('用户名/身份证号/手机号').inputValue()).toBe('13912340000');
    await page.getByPlaceholder('密码').fill('secret12');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/study/);
    await page.locator('.shell-header').getByText('王学员').waitFor();
    // in no class yet: told where the registration is and what happens next, not a dead end
    const noClass = page.getByTestId('no-class');
    await noClass.waitFor();
    expect(await noClass.textContent()).toContain('安训示范单位');
    expect(await noClass.textContent()).toContain('培训管理员为您加入班级后');
    await context.close();
  });

  it('never tells the training manager to ask the training manager', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'admin', 'admin1234');
    // he starts at his console; 我的学习 is one click away
    await page.waitForURL(/#\/manage\/dashboard/);
    await page.evaluate(() => (location.hash = '/study'));
    const noClass = page.getByTestId('no-class');
    await noClass.waitFor();
    expect(await noClass.textContent()).toContain('培训管理员');
    expect(await page.locator('.page:visible').textContent()).not.toContain('请联系培训管理员');
    await context.close();
  });

  it("shows the organisation's name and logo, and switches the language, on the login page", async () => {
    const { page, context } = await openPage(env, '/login');
    await expect.poll(() => page.getByTestId('login-org').textContent()).toBe('安训示范单位');
    expect(await page.getByTestId('login-org').locator('img').count()).toBe(1);
    await page.getByTestId('login-language-en').click();
    await expect.poll(() => page.locator('.auth-title').textContent()).not.toBe('用户登录');
    expect(await page.getByTestId('login-language-en').getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('a login on another device sends the first browser back to the site root', async () => {
    const first = await openPage(env, '/login');
    await loginByPassword(first.page, 'admin', 'admin1234');
    await first.page.waitForURL(/#\/manage\/dashboard/);
    await first.page.locator('.shell-header').getByText('培训管理员').waitFor();
    // the realtime socket is up before the second login
    await expect.poll(() => env.server.sockets.size).toBeGreaterThan(0);

    const second = await openPage(env, '/login');
    await loginByPassword(second.page, 'admin', 'admin1234');
    await second.page.waitForURL(/#\/manage\/dashboard/);

    await first.page.waitForURL(/#\/(index)?$/);
    await first.page.getByText('您的账号已在其他设备登录，请重新登录').waitFor();
    await first.page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    // polled: the page reloads after a kick-out, and an evaluate during the reload fails
    await expect
      .poll(() =>
        first.page
          .evaluate(() => JSON.parse(sessionStorage.getItem('anxun-session') ?? '{}').state?.message)
          .catch(() => undefined),
      )
      .toBe('异地登录');
    await first.context.close();
    await second.context.close();
  });
});
