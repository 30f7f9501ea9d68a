import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../server/test/face-photos.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';
import { fakeCameraFile } from './fake-camera';
import { shoot } from './face-shoot';
import type { Page } from 'playwright-core';

/** From 我的学习, opens the first course's player and presses play. */
async function playFirstCourse(page: Page): Promise<void> {
  await page.getByTestId('course-item').first().getByRole('button').click();
  await page.waitForURL(/#\/show\?classCourseId=/);
  await page.getByTestId('player-video').waitFor();
  // the start check may pause it at once: the play() promise is then rejected, as in a real click
  await page.evaluate(() =>
    document
      .querySelector<HTMLVideoElement>('[data-testid="player-video"]')
      ?.play()
      .catch(() => undefined),
  );
}

/**
 * Face checks in Chromium with a camera that films a photograph of Grace Hopper (public
 * domain): the browser's own pre-check must find her face before the photo may be sent,
 * and the server's model compares it with the reference taken the same way.
 */
describe('face checks in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv({ fakeCamera: await fakeCameraFile(await facePhotos.hopperShots(12)) });
  });
  afterAll(() => env.close());

  it('sets the reference photo with the camera, then passes the check at the start of study', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);

    // no reference photo yet: 我的学习 says so before he plays
    await page.getByTestId('reference-needed').getByText('本班需要人脸核验').waitFor();
    // and so does the check, with the way to take it: 个人中心's card, its camera already open
    // (the player, kept alive behind it, must not leave its modal dialog open)
    await playFirstCourse(page);
    await page.getByTestId('face-check-dialog').getByRole('link', { name: '去设置本人照片' }).click();
    await page.waitForURL(/#\/setting\/personalCenter/);
    // the in-browser pre-check (the same library, WASM) sees exactly one face
    await shoot(page.locator('dialog.reference-dialog'));
    await page.getByTestId('reference-updated').waitFor({ timeout: 20_000 });
    // saved: back to the course he was playing
    await page.getByTestId('reference-back').click();
    await page.waitForURL(/#\/show\?classCourseId=/);

    await page.evaluate(() => (location.hash = '/study'));
    await page.getByTestId('class-card').first().waitFor();
    expect(await page.getByTestId('reference-needed').count()).toBe(0);
    await playFirstCourse(page);

    // the start check pauses the video until it passes
    const dialog = page.getByTestId('face-check-dialog');
    await dialog.waitFor({ timeout: 20_000 });
    expect(
      await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!.paused),
    ).toBe(true);
    // the browser's own modal dialog, not antd's; Escape sets the check aside (the video stays
    // paused, nothing credited) and 去核验 brings it back
    expect(await page.locator('dialog.face-check-modal').evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await page.locator('.ant-modal').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the check set aside is said once, by its own notice (not again by a refused report's)
    await page.getByText('核验通过前不计学时').first().waitFor();
    expect(await page.getByText('核验通过前不计学时').count()).toBe(1);
    await page.getByRole('button', { name: '去核验' }).click();
    await dialog.waitFor();
    // so does 稍后核验, for a phone without a keyboard
    await page.getByTestId('face-check-later').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '去核验' }).click();
    await dialog.waitFor();
    await shoot(dialog);
    // the dialog closes only when the check passed
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    // study goes on and is credited
    await expect.poll(() => page.getByTestId('credited-now').textContent(), { timeout: 30_000 }).not.toBe('0');
    await context.close();
  }, 120_000);

  /** A new login (a new session: the class asks at the start again), up to the start check's dialog. */
  async function startCheck() {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await playFirstCourse(page);
    const dialog = page.getByTestId('face-check-dialog');
    await dialog.waitFor({ timeout: 20_000 });
    return { page, context, dialog };
  }

  /** The start check's phone link. */
  async function startCheckByPhone() {
    const { context, dialog } = await startCheck();
    await dialog.getByTestId('face-use-phone').click();
    const qr = dialog.getByTestId('face-qr-image');
    await qr.waitFor();
    const url = (await qr.getAttribute('alt'))!;
    expect(url).toMatch(/\/#\/camera\?t=/);
    return { context, qr, url };
  }

  it('lets a phone take the photo for a desktop, which continues when it passes', async () => {
    const { context, qr, url } = await startCheckByPhone();

    // the phone: no login, just the QR code's link
    const phone = await env.browser.newContext({ viewport: { width: 375, height: 812 } });
    const phonePage = await phone.newPage();
    await phonePage.goto(url);
    await shoot(phonePage);
    await phonePage.getByTestId('camera-passed').waitFor({ timeout: 20_000 });

    // the desktop hears it over the websocket and goes on: this check's dialog (its QR code)
    // goes — the unit may be near its end after the first test, and its end check may open next
    await qr.waitFor({ state: 'detached', timeout: 15_000 });
    // the link worked once
    await phonePage.goto(url);
    await phonePage.reload();
    await expect
      .poll(() => phonePage.getByTestId('face-hint').textContent(), { timeout: 30_000 })
      .toContain('已检测到人脸');
    await phonePage.getByTestId('face-shoot').click();
    await phonePage.getByTestId('camera-gone').waitFor({ timeout: 20_000 });
    await phone.close();
    await context.close();
  }, 120_000);

  it('lets a phone on a slow network take the photo before the pre-check has arrived', async () => {
    const { context, url } = await startCheckByPhone();
    // the detector's model never arrives (a slow link): its requests are held, never answered
    const phone = await env.browser.newContext({ viewport: { width: 375, height: 812 } });
    await phone.route('**/face-models/**', () => undefined);
    const phonePage = await phone.newPage();
    await phonePage.goto(url);
    const button = phonePage.getByTestId('face-shoot');
    await expect
      .poll(() => phonePage.getByTestId('face-hint').textContent(), { timeout: 20_000 })
      .toBe('请正对摄像头，光线充足时拍照');
    expect(await button.isEnabled()).toBe(true);
    // the server judges the photo on its own (shot again if it landed on a frame sent before)
    await shoot(phonePage, { precheck: false });
    await phonePage.getByTestId('camera-passed').waitFor({ timeout: 20_000 });
    await phone.close();
    await context.close();
  }, 120_000);

  it('forgets, in the player kept open, a check passed in 个人中心', async () => {
    // (the reference was set above)
    const { page, context, dialog } = await startCheck();
    await page.getByTestId('face-check-later').click();
    await dialog.waitFor({ state: 'detached' });

    // passed from 个人中心's list of open checks, the player still open behind it
    await page.evaluate(() => (location.hash = '/setting/personalCenter'));
    await page.locator('.page:visible [data-testid="pending-check-open"]').first().click();
    await dialog.waitFor();
    await shoot(dialog);
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    // back at the course: no dialog for the passed check, and study is credited
    await page.evaluate(() => (location.hash = '/study'));
    await playFirstCourse(page);
    await expect.poll(() => page.getByTestId('credited-now').textContent(), { timeout: 30_000 }).not.toBe('0');
    // (the unit may have reached its end meanwhile — the tests before played it on — and its end
    // check opens then: another check, not the one passed)
    expect(await dialog.locator('.face-check-kind').allTextContents()).not.toContain('开始学习前，请先核验本人身份');
    await context.close();
  }, 120_000);
});
