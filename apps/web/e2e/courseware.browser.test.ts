import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, turnOffFaceChecks } from '../../server/test/harness.js';
import { mediaTools } from '../../server/src/infra/media.js';

/** A cover for a course: the coffee photograph of the face tests (CC0). */
const COVER = path.join(import.meta.dirname, '../../server/test/fixtures/faces/coffee.jpg');
import {
  between,
  fittedCanvasWidth,
  loginByPassword,
  openPage,
  startBrowserEnv,
  type BrowserEnv,
} from './browser-harness';

/** A clip no browser plays as it is (AVI, MPEG-4 part 2 + MP2), made with the server's own ffmpeg. */
function aviClip(seconds: number): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-clip-')), '受限空间通风演示.avi');
  const { ffmpeg } = mediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=640x360:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${seconds}`,
    '-c:v',
    'mpeg4',
    '-c:a',
    'mp2',
    file,
  ]);
  return file;
}

/** A PDF of two pages, as a manager would export his procedure. */
async function pdfFile(): Promise<string> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => doc.on('end', r));
  for (const text of ['1. Ventilate, then test the air.', '2. Keep a watcher at the entrance.']) {
    doc.addPage().fontSize(28).text(text);
  }
  doc.end();
  await ended;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-pdf-')), '作业规程.pdf');
  fs.writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/**
 * Courseware from the browser (issue: Console II): a training manager uploads a video file in
 * a format browsers cannot play, watches it be converted, publishes the course and puts it in
 * a class, with a PDF beside it; a learner of the class plays the video and reads the PDF in
 * Chromium and is credited for both.
 */
describe('courseware in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    // a short reading time per page keeps the document part of the test quick
    // (and a 学时 of a minute: a course may not ask more 学时 than its units last)
    env = await startBrowserEnv({ env: { DOCUMENT_SECONDS_PER_PAGE: '5', STUDY_HOUR_MINUTES: '1' } });
  });
  afterAll(() => env.close());

  it('turns an uploaded AVI into a unit a learner studies and is credited for', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'admin', 'admin1234');
    await page.waitForURL(/#\/manage\/dashboard/);
    const modal = page.locator('.ant-modal:visible');

    await page.evaluate(() => (location.hash = '/manage/courses'));
    await page.getByTestId('course-new').click();
    await page.getByTestId('course-name').fill('受限空间作业安全');
    // its cover picked in the same dialog (it was offered only once the course existed, in 编辑)
    await page.getByTestId('course-cover').setInputFiles(COVER);
    await modal.getByTestId('cover-preview').waitFor();
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = page.getByTestId('course-table').locator('tr').filter({ hasText: '受限空间作业安全' });
    await row.getByText('草稿').waitFor();
    await row.getByRole('button', { name: /^编\s*辑$/ }).click();
    // served back from the server, not the picked file's preview
    const saved = modal.getByTestId('cover-preview');
    await expect.poll(() => saved.getAttribute('src')).toMatch(/^\/api\//);
    await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await modal.locator('.ant-modal-footer .ant-btn').first().click();
    await modal.waitFor({ state: 'detached' });

    // the upload: a progress bar, then the job's, then the unit with its poster
    await row.getByTestId('course-units').click();
    const drawer = page.getByTestId('units-drawer');
    await drawer.getByTestId('unit-upload').setInputFiles(aviClip(40));
    const unit = drawer.getByTestId('unit-row').filter({ hasText: '受限空间通风演示' });
    await unit.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => unit.locator('img.unit-poster').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(unit.textContent()).resolves.toContain('0:40');
    // and a PDF of two pages
    await drawer.getByTestId('unit-upload').setInputFiles(await pdfFile());
    const reading = drawer.getByTestId('unit-row').filter({ hasText: '作业规程' });
    await reading.waitFor({ timeout: 60_000 });
    await expect(reading.textContent()).resolves.toContain('2 页');
    // its preview shows its pages (a <video> had shown nothing), the second after the first
    await reading.getByRole('button', { name: '预览' }).click();
    const previewed = page.getByTestId('unit-document-preview');
    const drawn = previewed.getByTestId('pdf-page');
    await expect.poll(() => fittedCanvasWidth(drawn), { timeout: 15_000 }).toBeGreaterThan(300);
    expect(await drawn.getAttribute('aria-label')).toBe('作业规程，第 1 / 2 页');
    await previewed.locator('.ant-pagination-next').click();
    await expect.poll(() => drawn.getAttribute('aria-label')).toBe('作业规程，第 2 / 2 页');
    expect(await page.locator('.ant-modal video').count()).toBe(0);
    await page.locator('.ant-modal-close').click();
    await drawer.locator('.ant-drawer-close').click();

    // 50 s of courseware cannot make the 2 学时 a new course asks (a minute each here): said,
    // with its length beside it; at half a 学时 it is published
    await expect.poll(() => row.locator('td').allTextContents()).toContain('50秒');
    await row.getByRole('button', { name: '发布' }).click();
    await page.getByText('课件总时长 50秒，不足本课程的 2 学时（2分0秒）', { exact: false }).waitFor();
    expect(await row.getByText('草稿').count()).toBe(1);
    await row.getByRole('button', { name: '编辑' }).click();
    await modal.locator('.ant-input-number-input').fill('0.5');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => row.locator('td').allTextContents()).toContain('0.5');
    // published, then taken by a new class
    await row.getByRole('button', { name: '发布' }).click();
    await row.getByText('已发布').waitFor();
    await page.evaluate(() => (location.hash = '/manage/classes'));
    await page.getByTestId('class-create').click();
    await page.getByTestId('class-name').fill('受限空间作业专项班');
    await page.getByTestId('class-books').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '受限空间作业安全' }).click();
    await page.keyboard.press('Escape');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('class-table').getByText('受限空间作业专项班').waitFor();
    await context.close();

    // the demo learner enrolled (the console's enrol dialog has its own test); this suite is
    // about crediting, face checks have theirs
    await turnOffFaceChecks(env.server);
    const admin = (await login(env.server, 'admin', 'admin1234')).body.data.credentials.accessToken;
    const classes = await env.server.request('GET', '/api/manage/classes?q=受限空间', {
      headers: { Authorization: admin },
    });
    const learner = await env.server.ctx.db
      .selectFrom('persons')
      .select('id')
      .where('account', '=', 'demo')
      .executeTakeFirstOrThrow();
    const enrolled = await env.server.request('POST', `/api/manage/classes/${classes.body.data.records[0].id}/enrol`, {
      json: { personIds: [learner.id] },
      headers: { Authorization: admin },
    });
    expect(enrolled.status, enrolled.text).toBe(200);

    const study = await openPage(env, '/login');
    await loginByPassword(study.page, 'demo', 'demo1234');
    await study.page.waitForURL(/#\/study/);
    const card = study.page.getByTestId('class-card').filter({ hasText: '受限空间作业专项班' });
    await card.getByTestId('course-item').first().getByRole('button').first().click();
    await study.page.waitForURL(/#\/show\?classCourseId=/);
    await study.page.getByTestId('player-video').waitFor();
    await study.page.evaluate(() => document.querySelector('video')?.play());
    await expect.poll(() => study.page.getByTestId('credited-now').textContent(), { timeout: 30_000 }).not.toBe('0');
    const credited = await env.server.ctx.db
      .selectFrom('train_warp_courses as twc')
      .innerJoin('course_warps as w', 'w.id', 'twc.warp_id')
      .select('twc.study_length')
      .where('w.title', '=', '受限空间通风演示')
      .executeTakeFirstOrThrow();
    expect(credited.study_length).toBeGreaterThanOrEqual(13);

    // the PDF: each page shown for its minimum, then the next opens; read through, it is complete
    await study.page.getByTestId('show-unit').filter({ hasText: '作业规程' }).click();
    await study.page.getByTestId('pdf-reader').waitFor();
    // the reader is plain markup (antd's buttons and spinner were its only antd), its page
    // turns named for a screen reader
    await study.page.getByTestId('pdf-start').waitFor();
    expect(await study.page.locator('[data-testid="pdf-reader"] [class*="ant-"]').count()).toBe(0);
    await study.page.getByTestId('pdf-reader').getByRole('button', { name: '上一页' }).waitFor();
    // the page is drawn again for the reader's width: a window narrowed, then widened back (a
    // tablet turned) shows it as sharp and as wide as at first, not stretched from the narrow drawing
    const fitted = () => fittedCanvasWidth(study.page.getByTestId('pdf-canvas'));
    await expect.poll(fitted, { timeout: 10_000 }).toBeGreaterThan(0);
    const wide = await fitted();
    await study.page.setViewportSize({ width: 700, height: 800 });
    await expect.poll(async () => between(await fitted(), 0, wide * 0.8), { timeout: 10_000 }).toBe(true);
    await study.page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(fitted, { timeout: 10_000 }).toBe(wide);
    await study.page.getByTestId('pdf-start').click();
    // the tab left after a moment's reading: the reading timer pauses, and the notice says so
    // (not a video's pause), and stays (the pause's report is credited the moment read)
    await study.page.waitForTimeout(1_500);
    const shown = (state: 'hidden' | 'visible') =>
      study.page.evaluate((state) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await shown('hidden');
    await study.page.getByText('页面切到后台，阅读计时已暂停').waitFor();
    await study.page.waitForTimeout(1_000);
    expect(await study.page.getByText('页面切到后台，阅读计时已暂停').isVisible()).toBe(true);
    await shown('visible');
    await study.page.getByTestId('pdf-start').click();
    const next = study.page.getByTestId('pdf-next');
    await expect.poll(() => next.isDisabled()).toBe(true);
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await next.click();
    await expect.poll(() => study.page.getByTestId('pdf-page').textContent()).toBe('2 / 2');
    await expect
      .poll(
        async () =>
          (
            await env.server.ctx.db
              .selectFrom('train_warp_courses as twc')
              .innerJoin('course_warps as w', 'w.id', 'twc.warp_id')
              .select(['twc.study_length', 'twc.learn_status'])
              .where('w.title', '=', '作业规程')
              .executeTakeFirstOrThrow()
          ).learn_status,
        { timeout: 30_000 },
      )
      .toBe(2);
    const read = await env.server.ctx.db
      .selectFrom('train_warp_courses as twc')
      .innerJoin('course_warps as w', 'w.id', 'twc.warp_id')
      .select('twc.study_length')
      .where('w.title', '=', '作业规程')
      .executeTakeFirstOrThrow();
    expect(read.study_length).toBeGreaterThanOrEqual(7);
    expect(read.study_length).toBeLessThanOrEqual(10);
    await study.context.close();
  }, 150_000);

  it('lets the platform operator publish a shared book that a manager adds for his learners', async () => {
    const operator = await openPage(env, '/login');
    await loginByPassword(operator.page, 'operator', 'operator1234');
    await operator.page.waitForURL(/#\/manage\/organisations/);
    await operator.page.evaluate(() => (location.hash = '/manage/courses'));
    await operator.page.getByRole('heading', { name: '平台课程' }).waitFor();
    const modal = operator.page.locator('.ant-modal:visible');
    await operator.page.getByTestId('course-new').click();
    await operator.page.getByTestId('course-name').fill('平台·有限空间应急救援');
    // its one PDF (two pages of 5 s) makes a sixth of a 学时 of a minute
    await modal.locator('.ant-input-number-input').fill('0.1');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = operator.page.getByTestId('course-table').locator('tr').filter({ hasText: '平台·有限空间应急救援' });
    await row.getByText('草稿').waitFor();
    await row.getByTestId('course-units').click();
    const drawer = operator.page.getByTestId('units-drawer');
    await drawer.getByTestId('unit-upload').setInputFiles(await pdfFile());
    await drawer.getByTestId('unit-row').filter({ hasText: '作业规程' }).waitFor({ timeout: 60_000 });
    await drawer.locator('.ant-drawer-close').click();
    await row.getByRole('button', { name: '发布' }).click();
    await row.getByText('已发布').waitFor();
    await operator.context.close();

    const catalogue = async (token: string) =>
      (
        await env.server.request('GET', `/api/course/book/select-page?size=50&name=${encodeURIComponent('应急救援')}`, {
          headers: { Authorization: token },
        })
      ).body.data.records.map((b: { name: string }) => b.name);
    const learner = (
      await env.server.request('POST', '/api/login', { json: { username: 'demo', password: 'demo1234', client: 'pc' } })
    ).body.data.credentials.accessToken;
    expect(await catalogue(learner)).not.toContain('平台·有限空间应急救援');

    // the manager finds it under 平台课程 and adds it; his learners see it, his classes may take it
    const manager = await openPage(env, '/login');
    await loginByPassword(manager.page, 'admin', 'admin1234');
    await manager.page.waitForURL(/#\/manage\/dashboard/);
    await manager.page.evaluate(() => (location.hash = '/manage/courses'));
    await manager.page.getByTestId('shared-books-tab').click();
    const shared = manager.page
      .getByTestId('shared-book-table')
      .locator('tr')
      .filter({ hasText: '平台·有限空间应急救援' });
    await shared.getByText('未加入').waitFor();
    await shared.getByTestId('shared-book-add').click();
    await shared.getByText('已加入').waitFor();
    expect(await catalogue(learner)).toContain('平台·有限空间应急救援');
    await manager.page.evaluate(() => (location.hash = '/manage/classes'));
    await manager.page.getByTestId('class-create').click();
    await manager.page.getByTestId('class-books').click();
    await manager.page.locator('.ant-select-item-option').filter({ hasText: '平台·有限空间应急救援' }).waitFor();
    await manager.page.keyboard.press('Escape');
    await manager.context.close();
  }, 120_000);
});
