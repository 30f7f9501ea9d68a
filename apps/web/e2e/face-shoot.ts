import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Takes the photo once the pre-check sees one face. Two shots of the fake camera can land
 * on the same frame (a loop of 30): a check refuses that file as a replay, and a person
 * would simply shoot again — so does this.
 */
export async function shoot(scope: Locator | Page): Promise<void> {
  await expect
    .poll(() => scope.getByTestId('face-hint').first().textContent(), { timeout: 30_000 })
    .toContain('已检测到人脸');
  for (let attempt = 0; attempt < 3; attempt++) {
    await scope.getByTestId('face-shoot').click();
    await new Promise((r) => setTimeout(r, 1500));
    if ((await scope.getByText('不能使用已有的照片').count()) === 0) return;
  }
}
