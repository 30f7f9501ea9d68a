import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhotos } from '../../server/test/face-photos.js';
import { DEMO_ADMIN } from '../../server/src/seed/demo-accounts.js';
import { login, markDemoLearnerStudied } from '../../server/test/harness.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';
import { fakeCameraFile } from './fake-camera';
import { answerAndHandIn } from './exam-answers';
import { shoot } from './face-shoot';

/**
 * 考前人脸核验 in Chromium: in a class set to check faces before its exams, 开始考试 opens the
 * face check at once, and the paper follows its pass — nobody else sits it for the learner.
 */
describe('a face check before the exam in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv({ fakeCamera: await fakeCameraFile(await facePhotos.hopperShots(12)) });
    const server = env.server;
    await markDemoLearnerStudied(server, { examsPassed: false });
    const token = (await login(server, 'demo', 'demo1234')).body.data.credentials.accessToken;
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await facePhotos.hopperAgain())], { type: 'image/jpeg' }), 'me.jpg');
    const set = await server.request('POST', '/api/face/reference', { body: form, headers: { Authorization: token } });
    expect(set.status, set.text).toBe(200);
    const cls = await server.ctx.db.selectFrom('train_classes').select(['id', 'rules']).executeTakeFirstOrThrow();
    const rules = JSON.parse(cls.rules);
    await server.ctx.db
      .updateTable('train_classes')
      .set({ rules: JSON.stringify({ ...rules, faceCheck: { ...rules.faceCheck, enabled: true, beforeExam: true } }) })
      .where('id', '=', cls.id)
      .execute();
  }, 120_000);
  afterAll(() => env.close());

  it('opens the check on 开始考试 and the paper once it passes', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    // studied, the exam to pass: the class line says why its hours still read 0
    expect(await page.getByTestId('class-exam-note').first().textContent()).toContain('课程学时在考试通过后计入');
    // the class's counted 学时 — none yet — beside what is required, as 学习报表 counts them
    expect(await page.getByTestId('class-card').first().textContent()).toMatch(/已计入 0 \/ 要求 [\d.]+ 学时/);
    await page.evaluate(() => (location.hash = '/exams'));
    await page.getByRole('tab', { name: '考试' }).click();
    // said before the click: a face check comes first
    expect(await page.getByTestId('exam-face-note').textContent()).toContain('开始考试前需先完成人脸核验');
    await page.getByTestId('exam-start').click();
    await page.getByTestId('exam-confirm-ok').click();
    // the server asked for a check: its dialog opens here, saying what it is for
    const dialog = page.getByTestId('face-check-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('考试前，请先核验本人身份');
    expect(await dialog.textContent()).toContain('核验通过后即可进入考试');
    expect(await page.getByTestId('exam-question').count()).toBe(0);
    // no error toast over it: the check is the next step, not a failure
    expect(await page.getByTestId('toasts').locator('.toast').count()).toBe(0);
    await shoot(dialog);
    // passed: the paper opens without another click
    await page.getByTestId('exam-question').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('exam-time-left').waitFor();

    // the server stops taking his answers until he passes another check (as for another login);
    // an answer it refused survives a reload: this browser kept it
    await env.server.ctx.db.updateTable('face_checks').set({ session_id: 'elsewhere' }).execute();
    await page.getByTestId('exam-question').first().getByRole('radio').first().check();
    await page.reload();
    await page.getByRole('tab', { name: '考试' }).click();
    await page.getByTestId('exam-start').click();
    await dialog.waitFor();
    await shoot(dialog);
    await page.getByTestId('exam-question').first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('exam-question').first().getByRole('radio').first().isChecked()).toBe(true);

    // handed in and passed — then a training manager finds the check was someone else's face
    await answerAndHandIn(page, env.server);
    expect(await page.getByTestId('exam-score').textContent()).toContain('100');
    const check = await env.server.ctx.db
      .selectFrom('face_checks')
      .select('id')
      .where('kind', '=', 'exam')
      .where('status', '=', 'passed')
      .orderBy('passed_at', 'desc')
      .executeTakeFirstOrThrow();
    const admin = (await login(env.server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const voided = await env.server.request('POST', `/api/manage/face-checks/${check.id}/review`, {
      json: { decision: 'void', reason: '考试时的照片不是本人' },
      headers: { Authorization: admin },
    });
    expect(voided.body.data?.examsVoided, voided.text).toBe(1);
    // his page: the sitting kept and marked voided, with why, and the exam open to him again
    await page.reload();
    await page.getByRole('tab', { name: '考试' }).click();
    await page.getByTestId('exam-voided-note').waitFor();
    expect(await page.getByTestId('exam-summary').locator('.exam-history').textContent()).toContain('已作废');
    await page.getByTestId('exam-start').waitFor();
    await page.getByRole('button', { name: '查看' }).first().click();
    await page.getByTestId('exam-review-voided').waitFor();
    await context.close();
  }, 180_000);
});
