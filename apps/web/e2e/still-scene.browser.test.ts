import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../server/test/face-photos.js';
import { login } from '../../server/test/harness.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';
import { fakeCameraFile } from './fake-camera';
import { shoot } from './face-shoot';

/**
 * A printed portrait held up to the camera (issue: trust): the fake camera shows one still
 * picture, moved a little in a hand, for three checks in a row. Each passes — it is the
 * learner's face — but the third is flagged as the same still scene, and the training
 * manager finds it in 核验审核 with the flag.
 */
describe('a picture held up to the camera in Chromium', () => {
  let env: BrowserEnv;
  const checkIds = ['held-up-1', 'held-up-2', 'held-up-3'];

  beforeAll(async () => {
    const heldUp = [];
    for (let n = 0; n < 5; n++) heldUp.push(await facePhotos.hopperHeldUp(n));
    env = await startBrowserEnv({ fakeCamera: await fakeCameraFile(heldUp) });
    const server = env.server;
    const token = (await login(server, 'demo', 'demo1234')).body.data.credentials.accessToken;
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(facePhotos.hopper())], { type: 'image/jpeg' }), 'me.jpg');
    const set = await server.request('POST', '/api/face/reference', { body: form, headers: { Authorization: token } });
    expect(set.status, set.text).toBe(200);
    // three checks owed at the end of three units (as the study flow would leave them)
    const db = server.ctx.db;
    const units = await db
      .selectFrom('train_warp_courses as wc')
      .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .innerJoin('course_warps as w', 'w.id', 'wc.warp_id')
      .select(['wc.id', 'wc.train_person_id', 'tp.person_id'])
      .where('p.account', '=', 'demo')
      .orderBy('w.sort_order')
      .limit(3)
      .execute();
    const session = await db.selectFrom('sessions').select('id').executeTakeFirstOrThrow();
    const due = Date.now() - 600_000;
    for (const [i, unit] of units.entries()) {
      await db
        .insertInto('face_checks')
        .values({
          id: checkIds[i]!,
          person_id: unit.person_id,
          train_person_id: unit.train_person_id,
          kind: 'end',
          status: 'pending',
          session_id: session.id,
          warp_course_id: unit.id,
          due_at: due + i * 1000,
          window_ends_at: due + 120_000,
          best_score: null,
          passed_at: null,
          next_after_seconds: null,
          flags: null,
          created_at: due,
          updated_at: due,
        })
        .execute();
    }
  }, 120_000);
  afterAll(() => env.close());

  it('passes three checks of the same still scene and flags the third for review', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    for (let taken = 0; taken < 3; taken++) {
      await page.getByTestId('pending-check-open').first().click();
      const dialog = page.getByTestId('face-check-dialog');
      await dialog.waitFor();
      await shoot(dialog);
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    }
    const checks = await env.server.ctx.db
      .selectFrom('face_checks')
      .select(['id', 'status', 'flags', 'passed_at'])
      .where('id', 'in', checkIds)
      .orderBy('passed_at')
      .execute();
    expect(checks.map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
    // (a shot that landed on a frame sent before was refused and shot again: that flags too)
    expect(checks.map((c) => (c.flags ?? '').includes('STILL_SCENE'))).toEqual([false, false, true]);
    await context.close();

    // the training manager sees it in 核验审核, flagged
    const manager = await openPage(env, '/login');
    await loginByPassword(manager.page, 'admin', 'admin1234');
    await manager.page.waitForURL(/#\/manage\/dashboard/);
    await manager.page.evaluate(() => (location.hash = '/manage/face-review'));
    const item = manager.page.getByTestId('face-review-item').filter({ hasText: '画面连续相同' });
    await item.first().waitFor({ timeout: 20_000 });
    expect(await item.count()).toBe(1);
    expect(await item.getByTestId('face-review-flags').textContent()).toContain('画面连续相同');
    await manager.context.close();
  }, 240_000);
});
