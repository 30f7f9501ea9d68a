import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Takes the photo once the pre-check sees one face, and waits for the server's answer. Two
 * shots of the fake camera can land on the same frame (it loops a few shots): a check refuses
 * that as a copy of an earlier photo, and a person would simply shoot again — so does this.
 */
export async function shoot(scope: Locator | Page, options: { precheck?: boolean } = {}): Promise<void> {
  // without the pre-check (its model held back), the button is enabled from the start
  if (options.precheck !== false) {
    await expect
      .poll(() => scope.getByTestId('face-hint').first().textContent(), { timeout: 30_000 })
      .toContain('已检测到人脸');
  }
  const button = scope.getByTestId('face-shoot').first();
  // (its reads wait 1 s at most: a passing answer replaces the button with the result, and a
  // read left to wait Playwright's 30 s holds the poll — it cannot cut a call short — while
  // the video resumed behind it plays on)
  for (let attempt = 0; attempt < 6; attempt++) {
    // after a refused shot the pre-check looks for one face again before the button is enabled
    // (on a loaded machine this took over 30 s in a CI pre-check), and an answer may meanwhile
    // have ended the page's shooting: the caller then sees how it ended
    await expect
      .poll(
        async () => (await button.count()) === 0 || (await button.isEnabled({ timeout: 1_000 }).catch(() => false)),
        {
          timeout: 60_000,
        },
      )
      .toBe(true);
    if ((await button.count()) === 0) return;
    await button.click();
    // the answer is in when the button, once spinning, stops (or the dialog holding it has gone)
    const spinning = async () =>
      (await button.getAttribute('aria-busy', { timeout: 1_000 }).catch(() => null)) === 'true';
    await expect
      .poll(spinning, { timeout: 3_000 })
      .toBe(true)
      .catch(() => undefined);
    await expect
      .poll(
        async () =>
          (await button.count()) === 0 ||
          (await button.getAttribute('aria-busy', { timeout: 1_000 }).catch(() => null)) !== 'true',
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    if ((await scope.getByText('不能使用已有的照片').count()) === 0) return;
    await new Promise((r) => setTimeout(r, 700));
  }
}
