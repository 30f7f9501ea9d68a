import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startServer, type TestServer } from '../../server/test/harness.js';

/**
 * Browser tests: Debian's Chromium driven by playwright-core against the real server (fresh
 * DATA_DIR, SQLite) serving the built web app.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserEnv {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBrowserEnv(
  options: { fakeCamera?: string; env?: Record<string, string> } = {},
): Promise<BrowserEnv> {
  const server = await startServer({ env: { LOG_LEVEL: 'warn', ...options.env } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // the player test starts the video from script
      '--autoplay-policy=no-user-gesture-required',
      // a camera that films a photograph (Y4M), with permission granted
      ...(options.fakeCamera
        ? [
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
            `--use-file-for-fake-video-capture=${options.fakeCamera}`,
          ]
        : []),
    ],
  });
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export async function openPage(
  env: BrowserEnv,
  path: string,
  options: {
    width?: number;
    height?: number;
    settings?: Record<string, unknown>;
    /** a phone's touch screen: touch events, and CSS's (pointer: coarse) */
    touch?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  if (options.settings) {
    const value = JSON.stringify({ state: options.settings, version: 0 });
    await context.addInitScript((v) => localStorage.setItem('anxun-settings', v), value);
  }
  const page = await context.newPage();
  await page.goto(`${env.server.baseUrl}/#${path}`);
  return { context, page };
}

export async function loginByPassword(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('用户名/身份证号/手机号').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * 设置新密码, which a login with a password someone else set (a manager's 初始密码, a reset)
 * opens on: the password he was given, then his own twice; done when the page he went to shows.
 */
export async function choosePassword(page: Page, given: string, own: string): Promise<void> {
  const screen = page.getByTestId('choose-password');
  await screen.waitFor();
  const form = screen.getByTestId('password-form');
  await form.getByLabel('现在的密码').fill(given);
  await form.getByLabel('新密码', { exact: true }).fill(own);
  await form.getByLabel('确认新密码').fill(own);
  await form.getByRole('button', { name: '保存' }).click();
  await screen.waitFor({ state: 'detached' });
}

/** The last code the console SMS provider sent to a phone. */
export async function lastCode(env: BrowserEnv, phone: string): Promise<string> {
  const res = await env.server.request('GET', `/api/dev/sms-outbox?tel=${phone}`);
  const match = /(\d{6})/.exec(res.body.data.list[0]?.text ?? '');
  if (!match?.[1]) throw new Error(`no code for ${phone}`);
  return match[1];
}

/**
 * The drawing width of a canvas (device pixels) once it is drawn for the width its frame (its
 * parent) is shown at, at the screen's pixel ratio; -1 while it is not (not drawn yet, or
 * drawn for another width). A canvas starts 300 wide: its width alone says nothing.
 */
export function fittedCanvasWidth(canvas: Locator): Promise<number> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const wanted = c.parentElement!.clientWidth * devicePixelRatio;
    return Math.abs(c.width - wanted) < 1.5 ? c.width : -1;
  });
}

/** low < value < high */
export const between = (value: number, low: number, high: number) => value > low && value < high;
