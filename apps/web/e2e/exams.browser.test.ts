import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { login, markDemoLearnerStudied } from '../../server/test/harness.js';
import { loginByPassword, openPage, startBrowserEnv, type BrowserEnv } from './browser-harness';
import { passExamOnPage } from './exam-answers';

/**
 * Practice, the exam and the certificate in Chromium. The videos are watched in the study
 * suite; here the units are marked watched directly so the class is one exam pass from
 * complete, and the learner does the rest in the browser.
 */
describe('practice, exam, certificate and /card in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
    await markDemoLearnerStudied(env.server, { examsPassed: false });
  });
  afterAll(() => env.close());

  it('keeps an answer given just before the page was reloaded', async () => {
    // a paper of its own: a retry starts afresh, and the next test has every attempt
    const clearAttempts = async () => {
      await env.server.ctx.db.deleteFrom('exam_attempts').execute();
    };
    await clearAttempts();
    onTestFinished(clearAttempts);
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.evaluate(() => (location.hash = '/exams'));
    await page.getByRole('tab', { name: '考试' }).click();
    await page.getByTestId('exam-start').click();
    // the question opens on its OK button, as antd's confirm did: Enter starts the paper
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('exam-confirm-ok');
    await page.keyboard.press('Enter');
    const first = page.getByTestId('exam-question').first();
    const choice = first.locator('input[type="radio"], input[type="checkbox"]').first();
    await choice.check();
    // well within the 20 s between saves: only the save as the page goes keeps it
    await page.reload();
    // practice waits for the hand-in: its panel says so and opens the exam, with no error toast
    const refused = page.getByTestId('practice-refused');
    await refused.getByText('考试进行中，交卷后才能练习').waitFor();
    expect(await page.getByTestId('toasts').locator('.toast').count()).toBe(0);
    await refused.getByRole('button', { name: '继续考试' }).click();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('考试');
    const resume = page.getByTestId('exam-start');
    expect(await resume.textContent()).toBe('继续考试');
    await resume.click();
    await expect.poll(() => choice.isChecked(), { timeout: 10_000 }).toBe(true);
    // 已答 counts questions that hold an answer: a tick taken back or a blank's text cleared is none
    const questions = page.getByTestId('exam-question');
    const total = await questions.count();
    const counter = page.locator('.exam-bar span').filter({ hasText: '已答' });
    await expect.poll(() => counter.textContent()).toBe(`已答 1/${total}`);
    const tick = questions
      .filter({ has: page.locator('input[type="checkbox"]') })
      .first()
      .locator('input')
      .first();
    await tick.check();
    await expect.poll(() => counter.textContent()).toBe(`已答 2/${total}`);
    await tick.uncheck();
    await expect.poll(() => counter.textContent()).toBe(`已答 1/${total}`);
    const blank = questions.locator('input.plain-input').first();
    await blank.fill('abc');
    await expect.poll(() => counter.textContent()).toBe(`已答 2/${total}`);
    await blank.fill('');
    await expect.poll(() => counter.textContent()).toBe(`已答 1/${total}`);
    // the hand-in question opens on 取消: a second Enter does not hand the paper in
    await page.getByTestId('exam-submit').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('取消');
    // and it says how many are left unanswered
    await page.getByText(`还有 ${total - 1} 道题未作答`).waitFor();
    // handed in with one answer: not passed, and told what is left and where to practise
    await page.getByTestId('exam-confirm-ok').click();
    const next = page.getByTestId('exam-next');
    await next.getByText('未通过。还有 1 次考试机会').waitFor();
    await next.getByRole('button', { name: '去错题本' }).click();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('错题本');
    await context.close();
  }, 120_000);

  it('继续考试 opens the class whose exam is running when the course is in another class too', async () => {
    const db = env.server.ctx.db;
    const clearAttempts = async () => {
      await db.deleteFrom('exam_attempts').execute();
    };
    await clearAttempts();
    onTestFinished(clearAttempts);
    // the manager puts the demo class's first course in a second class and enrols the learner
    const admin = (await login(env.server, 'admin', 'admin1234')).body.data.credentials.accessToken as string;
    const manage = (method: string, url: string, json: unknown) =>
      env.server.request(method, `/api/manage${url}`, { json, headers: { Authorization: admin } });
    const demoClass = await db.selectFrom('train_classes').select(['id', 'name']).executeTakeFirstOrThrow();
    const course = await db
      .selectFrom('train_class_courses as cc')
      .innerJoin('course_books as b', 'b.id', 'cc.book_id')
      .select(['cc.book_id', 'b.name'])
      .where('cc.class_id', '=', demoClass.id)
      .orderBy('cc.sort_order')
      .executeTakeFirstOrThrow();
    const demo = await db.selectFrom('persons').select('id').where('account', '=', 'demo').executeTakeFirstOrThrow();
    const second = await manage('POST', '/classes', {
      name: '复训班',
      bookIds: [course.book_id],
      rules: {
        faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
        exam: { required: true, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
      },
    });
    expect(second.status, second.text).toBe(200);
    expect((await manage('POST', `/classes/${second.body.data.id}/enrol`, { personIds: [demo.id] })).status).toBe(200);
    onTestFinished(async () => {
      const member = await db
        .selectFrom('train_persons')
        .select('id')
        .where('class_id', '=', second.body.data.id)
        .executeTakeFirstOrThrow();
      await env.server.request('DELETE', `/api/manage/classes/${second.body.data.id}/members/${member.id}`, {
        headers: { Authorization: admin },
      });
    });

    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.evaluate(() => (location.hash = '/exams'));
    const select = page.getByTestId('exam-course');
    const inDemoClass = `${course.name}（${demoClass.name}）`;
    await select.selectOption({ label: inDemoClass });
    await page.getByRole('tab', { name: '考试' }).click();
    await page.getByTestId('exam-start').click();
    await page.getByTestId('exam-confirm-ok').click();
    await page.getByTestId('exam-question').first().waitFor();
    // the same course in the second class: practice waits for the running exam, the demo class's
    await select.selectOption({ label: `${course.name}（复训班）` });
    await page.getByRole('tab', { name: '顺序练习' }).click();
    const refused = page.getByTestId('practice-refused');
    await refused.getByText('考试进行中，交卷后才能练习').waitFor();
    await refused.getByRole('button', { name: '继续考试' }).click();
    await expect.poll(() => select.locator('option:checked').textContent()).toBe(inDemoClass);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('考试');
    await expect.poll(() => page.getByTestId('exam-start').textContent()).toBe('继续考试');
    await context.close();
  }, 120_000);

  it('tells a learner with no exam try left whom to ask, on 我的学习 and on the course page, where 去考试 was', async () => {
    const db = env.server.ctx.db;
    const clearAttempts = async () => {
      await db.deleteFrom('exam_attempts').execute();
    };
    await clearAttempts();
    onTestFinished(clearAttempts);
    // the demo class allows one retake: two failed sittings of its first course use both tries
    const course = await db
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
      .select(['p.id as person_id', 'tp.id as member_id', 'pc.class_course_id', 'pc.book_id'])
      .where('p.account', '=', 'demo')
      .orderBy('cc.sort_order')
      .executeTakeFirstOrThrow();
    const at = Date.now() - 3_600_000;
    for (const n of [0, 1]) {
      await db
        .insertInto('exam_attempts')
        .values({
          id: crypto.randomUUID(),
          person_id: course.person_id,
          train_person_id: course.member_id,
          class_course_id: course.class_course_id,
          book_id: course.book_id,
          status: 'submitted',
          paper: '[]',
          started_at: at + n * 60_000,
          deadline_at: at + n * 60_000 + 3_600_000,
          submitted_at: at + n * 60_000 + 30_000,
          total_score: 100,
          pass_score: 80,
          score: 40,
          passed: 0,
        })
        .execute();
    }
    const { page, context } = await openPage(env, '/login', { width: 375, height: 812 });
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    const first = page.getByTestId('course-item').first();
    await first.getByTestId('course-exam-none').getByText('考试次数已用完，请联系培训管理员').waitFor();
    expect(await first.getByTestId('course-exam').count()).toBe(0);
    // the other course still has its tries
    expect(await page.getByTestId('course-item').nth(1).getByTestId('course-exam').count()).toBe(1);
    // the course page says the same, and its units stay open to go over again (我的学习 is
    // kept, hidden, behind it)
    await page.evaluate((id) => (location.hash = `/course?id=${id}`), course.book_id);
    const shown = (testId: string) => page.getByTestId(testId).filter({ visible: true });
    await shown('course-exam-none').getByText('考试次数已用完，请联系培训管理员').waitFor();
    // (polled: 我的学习, hidden behind the course page, is visible for a moment as it goes)
    await expect.poll(() => shown('course-exam').count()).toBe(0);
    expect(await shown('course-study').textContent()).toBe('复习');

    // tries again, but the class closed (结课): neither page offers a paper, and each says why
    await clearAttempts();
    const classId = (
      await db
        .selectFrom('train_class_courses')
        .select('class_id')
        .where('id', '=', course.class_course_id)
        .executeTakeFirstOrThrow()
    ).class_id;
    const setClosed = async (at: number | null) => {
      await db.updateTable('train_classes').set({ closed_at: at }).where('id', '=', classId).execute();
    };
    await setClosed(Date.now());
    onTestFinished(() => setClosed(null));
    await page.reload();
    await shown('course-exam-none').getByText('不在班级培训期内，不能参加考试').waitFor();
    expect(await shown('course-exam').count()).toBe(0);
    await page.evaluate(() => (location.hash = '/exams'));
    await page.getByRole('tab', { name: '考试' }).click();
    await page
      .getByTestId('exam-out-of-period')
      .getByText('不在班级培训期内（未开始、已到期或已结课），不能参加考试')
      .waitFor();
    expect(await page.getByTestId('exam-start').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('practises, passes both exams, downloads the certificate and checks it on /card', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    await page.evaluate(() => (location.hash = '/exams'));

    // sequential practice: a wrong answer shows the key and the analysis, and fills the wrong-answer book
    const card = page.getByTestId('practice-question');
    await card.waitFor();
    // plain form controls: 练题 runs none of antd
    expect(await page.locator('.exams-page [class*="ant-"]').count()).toBe(0);
    await card.locator('input[type="radio"], input[type="checkbox"]').first().check();
    const firstStem = (await card.locator('.question-stem').textContent())!;
    await page.getByTestId('practice-submit').click();
    const result = page.getByTestId('practice-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('正确答案');
    await page.getByTestId('practice-next').click();
    await expect.poll(async () => (await card.locator('.question-stem').textContent()) !== firstStem).toBe(true);

    // the tabs take the arrow keys: random practice, then back
    await page.getByRole('tab', { name: '顺序练习' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('随机练习');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('随机练习');
    await card.waitFor();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('顺序练习');

    // both courses' exams, answered from the bank's keys
    for (let course = 0; course < 2; course++) {
      if (course === 1) {
        // one class: the course by its name alone
        await page.getByTestId('exam-course').selectOption({ label: '危险化学品安全' });
      }
      expect(await passExamOnPage(page, env.server)).toBeGreaterThan(20);
      expect(await page.getByTestId('exam-score').textContent()).toContain('100 / 100');
      // what comes next is said with the score: the course left, then the certificate this pass earned
      await page
        .getByTestId('exam-next')
        .getByText(
          course === 0
            ? '本课程考试已通过，学时已计入。本班还有1门课程未完成：回到“我的学习”继续下一门'
            : /^本课程考试已通过，本班课程已全部完成，已获得培训合格证书（编号 \S+）$/,
        )
        .waitFor();
    }
    // the class is complete: 查看证书 opens the personal centre on its certificate
    await page.getByTestId('exam-next').getByRole('button', { name: '查看证书' }).click();
    await page.waitForURL(/#\/setting\/personalCenter$/);
    const item = page.getByTestId('certificate-item');
    await item.waitFor();
    await expect
      .poll(() => page.getByTestId('certificates-card').evaluate((card) => card.getBoundingClientRect().top))
      .toBeLessThan(100);
    // back on the exam, its facts say the hours count now
    await page.goBack();
    await page.getByTestId('exam-summary').getByText('考试已通过，本课程学时已计入').waitFor();
    await page.evaluate(() => (location.hash = '/setting/personalCenter'));
    const number = (await page.getByTestId('certificate-number').textContent())!;
    const code = (await page.getByTestId('certificate-code').textContent())!;
    const download = page.waitForEvent('download');
    await page.getByTestId('certificate-download').click();
    expect((await download).suggestedFilename()).toBe(`certificate-${number}.pdf`);

    // anyone checks it on /card, by hand or through the QR code's link
    const verifier = await env.browser.newContext({ viewport: { width: 375, height: 812 } });
    const phone = await verifier.newPage();
    await phone.goto(`${env.server.baseUrl}/#/card`);
    // both fields are asked for before anything is sent
    await phone.getByTestId('card-submit').click();
    await phone.getByText('请输入证书编号').waitFor();
    await phone.getByText('请输入查验码').waitFor();
    expect(await phone.getByTestId('card-result').count()).toBe(0);
    await phone.getByTestId('card-number').fill(number);
    await phone.getByTestId('card-code').fill(code);
    await phone.getByTestId('card-submit').click();
    const answer = phone.getByTestId('card-result');
    await answer.waitFor();
    expect(await answer.getAttribute('data-status')).toBe('valid');
    expect(await answer.textContent()).toContain('张**');
    expect(await answer.textContent()).not.toContain('张安全');
    // the answer goes with what it answered: changing the number takes it away
    await phone.getByTestId('card-number').fill('');
    expect(await phone.getByTestId('card-result').count()).toBe(0);
    await phone.goto(`${env.server.baseUrl}/#/card?no=${number}&code=WRONG1`);
    await expect.poll(() => phone.getByTestId('card-result').getAttribute('data-status')).toBe('unknown');
    await verifier.close();
    await context.close();
  }, 180_000);

  it('takes an enrolment enquiry from a guest on the home page', async () => {
    const { page, context } = await openPage(env, '/index');
    await page.getByTestId('intent-open').click();
    await page.getByTestId('intent-name').fill('刘工');
    await page.getByTestId('intent-phone').fill('13912345678');
    await page.getByTestId('intent-org').fill('某化工有限公司');
    await page.getByTestId('intent-submit').click();
    await page.getByTestId('intent-done').waitFor();
    const stored = await env.server.ctx.db.selectFrom('intended_persons').select('name').execute();
    expect(stored.map((s) => s.name)).toContain('刘工');
    await context.close();
  });
});
