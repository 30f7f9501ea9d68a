import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../server/test/face-photos.js';
import { login, markDemoLearnerStudied } from '../../server/test/harness.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';
import { fakeCameraFile } from './fake-camera';
import { shoot } from './face-shoot';

/**
 * A check the learner still owes — one at the end of a unit, its window long past — is
 * never hidden: 我的学习, 课程进度 and 个人中心 list it with a button that opens it, the
 * dialog says it is overdue and names its unit, and the withheld certificate says why.
 * Passing it there issues the certificate.
 */
describe('an open face check outside the player in Chromium', () => {
  let env: BrowserEnv;
  let unitTitle = '';
  beforeAll(async () => {
    env = await startBrowserEnv({ fakeCamera: await fakeCameraFile(await facePhotos.hopperShots(12)) });
    const server = env.server;
    await markDemoLearnerStudied(server, { examsPassed: true });
    // the reference, set as the learner would (a photo of the same person)
    const token = (await login(server, 'demo', 'demo1234')).body.data.credentials.accessToken;
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await facePhotos.hopperAgain())], { type: 'image/jpeg' }), 'me.jpg');
    const set = await server.request('POST', '/api/face/reference', { body: form, headers: { Authorization: token } });
    expect(set.status, set.text).toBe(200);
    // an end check opened an hour ago at the end of one of the learner's units, never taken
    const db = server.ctx.db;
    const unit = await db
      .selectFrom('train_warp_courses as wc')
      .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .innerJoin('course_warps as w', 'w.id', 'wc.warp_id')
      .select(['wc.id', 'wc.train_person_id', 'tp.person_id', 'w.title'])
      .where('p.account', '=', 'demo')
      .orderBy('w.sort_order', 'desc')
      .executeTakeFirstOrThrow();
    unitTitle = unit.title;
    const session = await db.selectFrom('sessions').select('id').executeTakeFirstOrThrow();
    const hourAgo = Date.now() - 3600_000;
    await db
      .insertInto('face_checks')
      .values({
        id: 'overdue-end-check',
        person_id: unit.person_id,
        train_person_id: unit.train_person_id,
        kind: 'end',
        status: 'pending',
        session_id: session.id,
        warp_course_id: unit.id,
        due_at: hourAgo,
        window_ends_at: hourAgo + 120_000,
        best_score: null,
        passed_at: null,
        next_after_seconds: null,
        created_at: hourAgo,
        updated_at: hourAgo,
      })
      .execute();
  }, 120_000);
  afterAll(() => env.close());

  it('lists it on every study page, says the certificate waits for it, and takes it there', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);

    // 我的学习: the check with its button, and the reason the certificate waits
    await page.getByTestId('pending-check').first().waitFor();
    await expect.poll(() => page.getByTestId('certificate-line').textContent()).toContain('还有1次人脸核验未完成');
    // 课程进度 and 个人中心 show it too
    for (const path of ['/progress', '/setting/personalCenter']) {
      await page.evaluate((p) => (location.hash = p), path);
      await page.locator('.page:visible [data-testid="pending-check"]').first().waitFor();
    }
    expect(await page.locator('[data-testid="certificate-waiting"]:visible').textContent()).toContain(
      '还有1次人脸核验未完成',
    );

    // opened from here: it says it is overdue, and the camera passes it
    await page.locator('.page:visible [data-testid="pending-check-open"]').first().click();
    const dialog = page.getByTestId('face-check-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('face-check-overdue').textContent()).toContain('已超过核验时限');
    // it names the unit it belongs to
    expect(await dialog.getByTestId('face-check-unit').textContent()).toContain(unitTitle);
    // the server's answer comes after the page gave up on it (a node's first comparison took
    // 7–14 s while the page waits 10 s): the check passed all the same, and the page hears it
    let compares = 0;
    await page.route('**/api/face/compare', async (route) => {
      if (++compares > 1) return route.continue();
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 11_000));
      await route.fulfill({ response }).catch(() => undefined);
    });
    await shoot(dialog);
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    expect(compares).toBe(1);

    // nothing left to take; the certificate is issued
    await expect.poll(() => page.locator('.page:visible [data-testid="pending-checks"]').count()).toBe(0);
    await page.locator('[data-testid="certificate-item"]:visible').first().waitFor({ timeout: 20_000 });
    await context.close();
  }, 180_000);
});
