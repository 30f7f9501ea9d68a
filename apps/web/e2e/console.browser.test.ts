import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import {
  between,
  fittedCanvasWidth,
  choosePassword,
  loginByPassword,
  openPage,
  startBrowserEnv,
  type BrowserEnv,
} from './browser-harness';

// valid ID numbers (checksums right) for three new learners
const LEARNERS = [
  ['钱一', '110105199001010010', '13700000001'],
  ['钱二', '110105199001020016', '13700000002'],
  ['钱三', '110105199001030011', '13700000003'],
] as const;

/** The learner sheet as a manager fills the template. */
/**
 * Closes the dialog on top by its ✕ and waits until no dialog is shown. On a busy machine a
 * click can land while the dialog still animates in and be lost; a person clicks again.
 */
async function closeDialog(page: Page): Promise<void> {
  const open = page.locator('.ant-modal:visible');
  await expect
    .poll(
      async () => {
        if ((await open.count()) > 0)
          await open
            .last()
            .locator('.ant-modal-close')
            .click({ timeout: 2_000 })
            .catch(() => {});
        return open.count();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(0);
}

async function sheetFile(badIdOfSecond = false): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('学员');
  ws.addRow(['姓名', '身份证号', '手机号', '部门', '账号', '初始密码', '岗位/工种']);
  for (const [i, [name, id, phone]] of LEARNERS.entries()) {
    // the refused sheet also names a department that does not exist, on every row
    const department = badIdOfSecond ? '生产部/三车间' : '生产部';
    ws.addRow([
      name,
      badIdOfSecond && i === 1 ? '110105199001011234' : id,
      phone,
      department,
      '',
      'start123',
      '操作工',
    ]);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-sheet-')), '学员.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
  return file;
}

/** Two questions as a manager would type them into the template. */
async function questionFile(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('试题');
  ws.addRow(['题型', '题干', '选项A', '选项B', '选项C', '答案', '解析']);
  ws.addRow([
    '单选题',
    '进入受限空间作业，首先应当（  ）。',
    '直接进入',
    '通风并检测气体',
    '戴口罩进入',
    'B',
    '先通风、后检测、再作业。',
  ]);
  ws.addRow(['判断题', '受限空间作业前必须先进行气体检测。', '', '', '', '对', '']);
  const file = path.join(os.tmpdir(), `questions-${Date.now()}.xlsx`);
  fs.writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
  return file;
}

/**
 * The console in Chromium (issue: Console I): a training manager, with only a browser, adds a
 * department, imports three learners from an .xlsx, creates a class with a course and enrols
 * the department; one of the imported learners logs in and finds the class.
 */
describe('the console in Chromium', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it('sets up a department, imports learners, creates a class and enrols them, who then see it', async () => {
    // what it makes (生产部, three learners, a class) would stop its retry: a retry starts on a
    // fresh server, and the tests after it need none of it
    onTestFailed(async () => {
      await env.close();
      env = await startBrowserEnv();
    });
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'admin', 'admin1234');
    await page.waitForURL(/#\/manage\/dashboard/);
    await page.evaluate(() => (location.hash = '/manage/people'));
    const modal = page.locator('.ant-modal:visible');
    // its controls are named in Chinese for a screen reader (antd names icon buttons in English)
    await page.getByRole('button', { name: '搜索', exact: true }).waitFor();
    await page.getByRole('combobox', { name: '注册方式' }).waitFor();

    // a department
    await page.getByTestId('department-add').click();
    await page.getByTestId('department-name').fill('生产部');
    await modal.locator('.ant-btn-primary').click();
    await page.getByTestId('department-tree').getByText('生产部（0）').waitFor();
    // one made by mistake, chosen and deleted: gone without a word about it (its learners were
    // asked for again, 部门不存在)
    await page.getByTestId('department-add').click();
    await page.getByTestId('department-name').fill('临时班组');
    await modal.locator('.ant-btn-primary').click();
    await page.getByTestId('department-tree').getByText('临时班组（0）').click();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await page.getByRole('button', { name: /^删\s*除$/ }).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => page.getByTestId('department-tree').getByText('临时班组').count()).toBe(0);
    await page.getByTestId('people-page').locator('.ant-table-row').first().waitFor();
    expect(refused).toEqual([]);

    // three learners from a spreadsheet
    await page.getByTestId('import-open').click();
    // a sheet with a wrong ID number: nothing imported, the row named by its learner, the list downloadable
    await page.getByTestId('import-file').setInputFiles(await sheetFile(true));
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-errors').waitFor();
    const errorRow = modal.locator('.ant-table-row').first();
    await expect.poll(() => errorRow.textContent()).toContain(LEARNERS[1]![0]);
    // a department missing on every row is one problem, its rows together (beside the wrong ID number)
    expect(await modal.locator('.ant-table-row').allTextContents()).toEqual([
      `2–4${LEARNERS.map((l) => l[0]).join('、')}部门部门“生产部/三车间”不存在，可勾选“自动创建表格中不存在的部门”`,
      `3${LEARNERS[1]![0]}身份证号身份证号不正确（18位，校验位须正确）`,
    ]);
    const saved = page.waitForEvent('download');
    await page.getByTestId('import-errors-download').click();
    const list = await saved;
    expect(list.suggestedFilename()).toBe('学员-错误清单.csv');
    const csv = fs.readFileSync((await list.path())!, 'utf8');
    // one line a row there, to work through beside the sheet
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFF行,姓名,列,问题');
    expect(lines).toContain(`3,${LEARNERS[1]![0]},身份证号,身份证号不正确（18位，校验位须正确）`);
    expect(lines.filter((l) => l.includes('三车间'))).toHaveLength(3);
    await page.getByTestId('import-file').setInputFiles(await sheetFile());
    await page.getByTestId('import-run').click();
    await expect.poll(() => page.getByTestId('import-done').textContent(), { timeout: 20_000 }).toContain('新增 3 人');
    await closeDialog(page);
    await page.getByTestId('department-tree').getByText('生产部（3）').waitFor();
    // a department with learners is not deleted: the toast says why, and the page throws nothing
    const thrown: string[] = [];
    page.on('pageerror', (error) => thrown.push(error.message));
    await page.getByTestId('department-tree').getByText('生产部（3）').click();
    // (antd spaces a two-character label: 删 除)
    await page
      .getByTestId('department-tree')
      .getByRole('button', { name: /^删\s?除$/ })
      .click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page.getByRole('alert').filter({ hasText: '部门下还有子部门或学员，不能删除' }).waitFor();
    expect(thrown).toEqual([]);
    await page.getByTestId('department-tree').getByRole('button', { name: '全部学员' }).click();
    // a reference photo for one of them, set by the manager
    await page
      .getByTestId('learner-table')
      .locator('tr')
      .filter({ hasText: LEARNERS[0][0] })
      .getByTestId('learner-face')
      .click();
    await page
      .getByTestId('face-reference-file')
      .setInputFiles(path.resolve(import.meta.dirname, '../../server/test/fixtures/faces/grace-hopper.jpg'));
    await expect
      .poll(() => page.getByTestId('face-reference').textContent(), { timeout: 30_000 })
      .toContain('由管理员设置');
    await closeDialog(page);

    // one edited: a new phone and post; a phone another learner has is refused on its field
    const rowOf = (name: string) => page.getByTestId('learner-table').locator('tr').filter({ hasText: name });
    await rowOf(LEARNERS[2][0]).getByTestId('learner-edit').click();
    await modal.getByText(`编辑学员“${LEARNERS[2][0]}”`).waitFor();
    await modal.getByLabel('手机号').fill('13700000033');
    await modal.getByLabel('岗位/工种').fill('电工');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => rowOf(LEARNERS[2][0]).locator('td').allTextContents()).toContain('13700000033');
    expect(await rowOf(LEARNERS[2][0]).locator('td').allTextContents()).toContain('电工');
    await rowOf(LEARNERS[1][0]).getByTestId('learner-edit').click();
    await modal.getByLabel('手机号').fill(LEARNERS[0][2]);
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await modal.locator('.ant-form-item-explain-error').filter({ hasText: '该手机号已被其他账号使用' }).waitFor();
    await closeDialog(page);
    expect(await rowOf(LEARNERS[1][0]).locator('td').allTextContents()).toContain(LEARNERS[1][2]);
    // a password is reset only once confirmed, and the new one is shown with whose it is
    await rowOf(LEARNERS[2][0]).getByRole('button', { name: '重置密码' }).click();
    await page.locator('.ant-popconfirm').getByText(`重置“${LEARNERS[2][0]}”的密码？`, { exact: false }).waitFor();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    expect(await page.getByTestId('shown-password').textContent()).toContain(`“${LEARNERS[2][0]}”的新密码`);
    await expect
      .poll(async () => {
        await page
          .locator('.ant-modal-confirm-btns .ant-btn-primary')
          .click({ timeout: 2_000 })
          .catch(() => {});
        return page.getByTestId('shown-password').isVisible();
      })
      .toBe(false);

    // his 学习档案 opens from his row (no class yet: the drawer says who he is)
    await rowOf(LEARNERS[2][0]).getByTestId('learner-open-record').click();
    const record = page.locator('.ant-drawer').filter({ has: page.getByTestId('record-archive') });
    await record.locator('.ant-descriptions').getByText(LEARNERS[2][0], { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await record.waitFor({ state: 'hidden' });

    // and out again as a spreadsheet
    const download = page.waitForEvent('download');
    await page.getByTestId('learner-export').click();
    expect((await download).suggestedFilename()).toBe('学员名单.xlsx');
    // whole ID numbers are asked for one sheet at a time: the box clears once it is exported
    const fullIds = page.getByRole('checkbox', { name: '导出完整身份证号（将记入操作日志）' });
    await fullIds.check();
    const full = page.waitForEvent('download');
    await page.getByTestId('learner-export').click();
    expect((await full).suggestedFilename()).toBe('学员名单（含完整身份证号）.xlsx');
    await expect.poll(() => fullIds.isChecked()).toBe(false);
    const masked = page.waitForEvent('download');
    await page.getByTestId('learner-export').click();
    expect((await masked).suggestedFilename()).toBe('学员名单.xlsx');

    // a class with a course
    await page.evaluate(() => (location.hash = '/manage/classes'));
    await page.getByTestId('class-create').click();
    await page.getByTestId('class-name').fill('新员工入职安全培训');
    // the course box is named by its label
    await page.getByRole('combobox', { name: '课程（按学习顺序）' }).click();
    // the catalogue is searched on the server (an organisation's 21st course is not in the first list)
    const searched = page.waitForResponse((r) => /book\/select-page\?.*name=/.test(decodeURIComponent(r.url())));
    await page.keyboard.type('消防');
    await searched;
    await page.locator('.ant-select-item-option').filter({ hasText: '消防安全基础' }).click();
    await page.keyboard.press('Escape');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = page.getByTestId('class-table').locator('tr').filter({ hasText: '新员工入职安全培训' });
    await row.waitFor();
    // found by its name among the organisation's classes
    const classSearch = page.getByTestId('classes-page').getByPlaceholder('班级名称');
    await classSearch.fill('入职');
    await page.getByTestId('classes-page').getByRole('button', { name: '搜索', exact: true }).click();
    await expect.poll(() => page.getByTestId('class-table').locator('.ant-table-row').count()).toBe(1);
    await row.waitFor();
    // 编辑 shows its course by name before any list holds it
    await row.getByRole('button', { name: '编辑', exact: true }).click();
    await modal
      .locator('.ant-select-selection-item')
      .filter({ hasText: /^消防安全基础（\d+(\.\d+)? 学时）$/ })
      .waitFor();
    await closeDialog(page);
    // 结课 asks first, naming the class (its learners could study no more); it may be reopened
    await row.getByTestId('class-close').click();
    await page.locator('.ant-popconfirm').getByText('为“新员工入职安全培训”结课吗？', { exact: false }).waitFor();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await row.getByText('已结课').waitFor();
    await row.getByRole('button', { name: '重新开放', exact: true }).click();
    await row.getByTestId('class-enrol').waitFor();

    // its exam papers: the default plan, a sample paper with keys
    await row.getByTestId('class-papers').click();
    await page.getByTestId('paper-setup').first().waitFor();
    await expect.poll(() => page.getByTestId('paper-total').first().textContent()).toContain('合计 100 分');
    await page.getByTestId('paper-preview').first().click();
    await expect.poll(() => page.getByTestId('paper-sample').locator('.ant-list-item').count()).toBeGreaterThan(10);
    await closeDialog(page);
    // a count out of range is said and the paper not saved, not turned into the nearest allowed one
    const count = page.getByTestId('paper-count-single').first();
    const saveable = page.getByTestId('paper-save').first();
    const before = await count.inputValue();
    await count.fill('-3');
    await count.press('Tab');
    await page.getByText('请输入 0 到 200 之间的数').waitFor();
    expect(await count.inputValue()).toBe('-3');
    expect(await saveable.isDisabled()).toBe(true);
    await count.fill(before);
    await count.press('Tab');
    await expect.poll(() => saveable.isDisabled()).toBe(false);
    await page.locator('.ant-drawer-close').click();

    // the department enrolled
    await row.getByTestId('class-enrol').click();
    await page.getByTestId('enrol-departments').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '生产部' }).click();
    await page.keyboard.press('Escape');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => row.locator('td').nth(5).textContent(), { timeout: 10_000 }).toBe('3');
    // its members, found by name; the pager's arrows are named in Chinese (antd: "left", "right")
    await row.getByRole('button', { name: '成员', exact: true }).click();
    const members = page.getByTestId('member-table');
    await expect.poll(() => members.locator('.ant-table-row').count()).toBe(3);
    await page.locator('.ant-drawer').getByRole('button', { name: '下一页' }).waitFor();
    const search = page.locator('.ant-drawer').getByPlaceholder('姓名 / 手机号');
    await search.fill('钱二');
    await search.press('Enter');
    await expect.poll(() => members.locator('.ant-table-row td:first-child').allTextContents()).toEqual(['钱二']);
    await page.locator('.ant-drawer-close').click();

    // a course book of its own, a draft until it holds a unit
    await page.evaluate(() => (location.hash = '/manage/courses'));
    await page.getByTestId('course-new').click();
    await page.getByTestId('course-name').fill('有限空间作业安全');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page
      .getByTestId('course-table')
      .locator('tr')
      .filter({ hasText: '有限空间作业安全' })
      .getByText('草稿')
      .waitFor();
    // 编辑 right after 新建 shows the course's own values, not the new-course form's
    const ownBook = page.getByTestId('course-table').locator('tr').filter({ hasText: '有限空间作业安全' });
    await ownBook.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => page.getByTestId('course-name').inputValue()).toBe('有限空间作业安全');
    // a 学时 out of range is refused in words, not changed into another number
    const hours = modal.locator('.ant-input-number-input');
    await hours.fill('-3');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await modal.getByText('请输入 0.05 到 200 之间的数').waitFor();
    expect(Number(await hours.inputValue())).toBe(-3);
    await hours.fill('3');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => ownBook.locator('td').allTextContents()).toContain('3');
    // no courseware yet: its 学时 are marked as more than its units can make up, before 发布 says so
    await ownBook.getByTestId('course-hours-short').waitFor();
    const seeded = page.getByTestId('course-table').locator('tr').filter({ hasText: '消防安全基础' });
    await page.getByTestId('course-new').click();
    await closeDialog(page);
    await seeded.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => page.getByTestId('course-name').inputValue()).toBe('消防安全基础');
    await closeDialog(page);

    // questions for a course from a spreadsheet
    await page.evaluate(() => (location.hash = '/manage/questions'));
    await page.getByTestId('bank-table').waitFor();
    await page.getByTestId('bank-import-file').setInputFiles(await questionFile());
    // the bank it goes into is named before anything is imported
    const course = (await page
      .getByTestId('bank-book')
      .locator('.ant-select-content, .ant-select-selection-item')
      .first()
      .textContent())!.replace(/（\d+题）$/, '');
    const confirm = page.locator('.ant-modal').filter({ hasText: '导入试题' });
    await confirm.getByText(`导入到课程“${course}”的题库吗？`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: /^导\s?入$/ }).click();
    await page.locator('.ant-result-success').getByText('已导入 2 道题').waitFor();
    await closeDialog(page);
    // appended to the bank: on its last page
    await page.getByTestId('questions-page').locator('.ant-pagination-item').last().click();
    await page.getByTestId('bank-table').getByText('受限空间作业前必须先进行气体检测。').waitFor();
    // and one written in the form
    await page.getByTestId('bank-new').click();
    await page.getByTestId('question-stem').fill('受限空间作业时，监护人应当（  ）。');
    // each option's box is named by its letter (a screen reader says 选项A, not a bare textbox)
    await page.getByRole('textbox', { name: '选项A' }).fill('在入口处全程监护');
    await page.getByRole('textbox', { name: '选项B' }).fill('离开去做别的事');
    await page.getByTestId('question-answer').fill('A');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('questions-page').locator('.ant-pagination-item').last().click();
    await page.getByTestId('bank-table').getByText('受限空间作业时，监护人应当（  ）。').waitFor();
    // an image for it, set in the same dialog once the question exists
    const written = page
      .getByTestId('bank-table')
      .locator('tr')
      .filter({ hasText: '受限空间作业时，监护人应当（  ）。' });
    await written.getByRole('button', { name: '编辑' }).click();
    await modal
      .getByTestId('question-image-upload')
      .setInputFiles(path.resolve(import.meta.dirname, '../../server/test/fixtures/faces/grace-hopper.jpg'));
    await expect
      .poll(() => modal.getByTestId('question-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await closeDialog(page);
    await written.locator('.stem-image-mark').waitFor();
    // a question found by words of its stem, whatever page it is on
    await page.getByTestId('bank-search').locator('input').fill('监护人');
    await page.getByTestId('bank-search').locator('input').press('Enter');
    await expect
      .poll(() => page.getByTestId('bank-table').locator('tbody tr.ant-table-row').allInnerTexts())
      .toEqual([expect.stringContaining('受限空间作业时，监护人应当')]);

    // an announcement for the class, written in the console
    await page.evaluate(() => (location.hash = '/manage/notices'));
    await page.getByTestId('notice-new').click();
    await modal.locator('input').first().fill('入职培训须知');
    await modal.locator('textarea').fill('请在两周内完成全部课程。');
    await modal.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '新员工入职安全培训' }).click();
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('notice-table').getByText('入职培训须知').waitFor();
    await page
      .getByTestId('notice-table')
      .locator('tr')
      .filter({ hasText: '入职培训须知' })
      .getByRole('button', { name: '编辑' })
      .click();
    await expect.poll(() => modal.locator('input').first().inputValue()).toBe('入职培训须知');
    await expect.poll(() => modal.locator('textarea').inputValue()).toBe('请在两周内完成全部课程。');
    await closeDialog(page);

    // the 学时 edit in 操作日志, what it was and what it is, in words
    await page.evaluate(() => (location.hash = '/manage/audit'));
    // said in words (修改课程), the kinds of record to choose from
    await page.getByTestId('audit-filter').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '课程' }).first().click();
    const edit = page.getByTestId('audit-page').locator('tr').filter({ hasText: '修改课程' }).first();
    await edit.getByText('学时 2 → 3').waitFor();
    // the filtered list replaces the whole one (which holds that row too) once it is back
    await expect.poll(() => page.getByTestId('audit-page').locator('tbody').textContent()).not.toContain('添加部门');

    // an enquiry a visitor left reaches the console
    await env.server.request('POST', '/api/train/intendedPerson/addNew-Intended', {
      json: { name: '孙经理', phone: '13912340001', orgName: '某建材公司', OrgCode: '00000' },
    });
    await page.evaluate(() => (location.hash = '/manage/enquiries'));
    await page.getByTestId('enquiries-page').getByText('孙经理').waitFor();
    // 创建学员 says first that the phone was never verified (whoever holds it could log in as him)
    await page
      .getByTestId('enquiries-page')
      .locator('tr', { hasText: '孙经理' })
      .getByRole('button', { name: '创建学员' })
      .click();
    await page.getByTestId('enquiry-phone-unchecked').getByText('13912340001', { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    // one of them logs in and finds the class
    const learner = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const learnerPage = await learner.newPage();
    await learnerPage.goto(`${env.server.baseUrl}/#/login`);
    await loginByPassword(learnerPage, LEARNERS[0][1], 'start123');
    // the sheet's 初始密码 is his manager's: he chooses his own before anything else
    await learnerPage.waitForURL(/#\/study/);
    await choosePassword(learnerPage, 'start123', 'my-own-2026');
    await learnerPage.getByTestId('class-card').filter({ hasText: '新员工入职安全培训' }).waitFor();
    // the class's announcement where he looks, on 我的学习 (the header's notices are off)
    await learnerPage.getByTestId('recent-notices').getByText('入职培训须知').waitFor();
    // and the class's announcement in the notice list
    const token = await learnerPage.evaluate(() => {
      for (let i = 0; i < sessionStorage.length; i++) {
        const value = sessionStorage.getItem(sessionStorage.key(i)!) ?? '';
        const match = /"token":"([^"]+)"/.exec(value);
        if (match) return match[1];
      }
      return '';
    });
    const notices = await env.server.request('GET', '/notice/getList', { headers: { Authorization: token! } });
    expect(notices.body.data.list.map((n: { title: string }) => n.title)).toContain('入职培训须知');
    await learner.close();
    await context.close();
  }, 120_000);

  it('lets the platform operator create an organisation whose training manager then logs in', async () => {
    // names of this attempt's own: a retry's organisation is not the first attempt's, already made
    const n = String(Date.now()).slice(-4);
    const [code, orgName, account] = [`3${n}`, `某建筑工程有限公司${n}`, `build-admin${n}`];
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'operator', 'operator1234');
    await page.waitForURL(/#\/manage\/organisations/);
    const modal = page.locator('.ant-modal:visible');
    await page.getByTestId('org-create').click();
    await page.getByTestId('org-code').fill(code);
    await page.getByTestId('org-name').fill(orgName);
    await page.getByTestId('org-admin-name').fill('陈经理');
    await page.getByTestId('org-admin-account').fill(account);
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    const shown = await page.getByTestId('shown-password').textContent();
    const password = /：(\w+)$/.exec(shown ?? '')?.[1] ?? '';
    expect(password).toMatch(/^[a-z2-9]{10}$/);
    // shown once, with a button that copies it for the message to the new manager
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.baseUrl });
    // the clipboard answers the page that has the focus
    await page.bringToFront();
    await page.getByTestId('shown-password').getByRole('button').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    // drawn inside the console's provider, in its theme: outside it, antd's own #1677ff
    const ok = page.locator('.ant-modal-confirm-btns .ant-btn-primary');
    expect(await ok.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe('rgb(22, 119, 255)');
    await page.getByTestId('org-table').getByText(orgName).waitFor();
    await context.close();

    const manager = await openPage(env, '/login');
    await loginByPassword(manager.page, account, password);
    // the operator's password is a temporary one: his own first, then his console
    await manager.page.getByText('您现在的密码是别人为您设置的', { exact: false }).waitFor();
    expect(await manager.page.getByTestId('people-page').count()).toBe(0);
    await choosePassword(manager.page, password, `${password}-own`);
    await manager.page.waitForURL(/#\/manage\/dashboard/);
    await manager.page.getByTestId('figure-hours').waitFor();
    // a new organisation's 概览 shows its first steps, the first one current
    const steps = manager.page.getByTestId('first-steps');
    await steps.locator('.ant-steps-item-process').getByText('添加学员').waitFor();
    expect(await steps.locator('.ant-steps-item-finish').count()).toBe(0);
    await manager.page.evaluate(() => (location.hash = '/manage/people'));
    await manager.page.getByTestId('people-page').waitFor();
    // a new organisation has no course yet: its first class says where courses come from
    await manager.page.evaluate(() => (location.hash = '/manage/classes'));
    await manager.page.getByTestId('class-create').click();
    await manager.page.getByTestId('class-books').click();
    await manager.page.getByText('还没有可选的课程：请先在“课程管理”中新建课程，或添加平台课程').waitFor();
    await manager.page.keyboard.press('Escape');
    await closeDialog(manager.page);
    // and so does its empty question bank
    await manager.page.evaluate(() => (location.hash = '/manage/questions'));
    await manager.page.getByText('还没有课程：请先在“课程管理”中新建课程，再为它添加试题').waitFor();
    // 单位设置 gives him his organisation's own login address: his learners open his site, not the default one
    await manager.page.evaluate(() => (location.hash = '/manage/settings'));
    const address = (await manager.page.getByTestId('entry-login').textContent()) ?? '';
    expect(address).toBe(`${env.server.baseUrl}/#/login?OrgCode=${code}`);
    await manager.page.getByTestId('entry-qr').locator('canvas').waitFor();
    // opened as a learner opens it: a fresh page at that address
    const guest = await env.browser.newContext({ viewport: { width: 375, height: 812 } });
    const guestPage = await guest.newPage();
    await guestPage.goto(address);
    await guestPage.getByTestId('login-org').getByText(orgName).waitFor();
    await guest.close();
    // his console is his organisation's: the operator's page answers 403
    await manager.page.evaluate(() => (location.hash = '/manage/organisations'));
    await manager.page.waitForURL(/#\/403$/);
    await manager.page.evaluate(() => (location.hash = '/manage/people'));
    await manager.page.getByTestId('people-page').waitFor();

    // the operator gives him a new password: shown once, his open console signed out
    const operator = await openPage(env, '/login');
    await loginByPassword(operator.page, 'operator', 'operator1234');
    await operator.page.waitForURL(/#\/manage\/organisations/);
    await operator.page
      .getByTestId('org-table')
      .locator('tr', { hasText: orgName })
      .getByTestId('org-manage-admins')
      .click();
    await operator.page.getByTestId('org-admins').getByText(account).waitFor();
    await operator.page.getByTestId('org-admin-reset').click();
    await operator.page.locator('.ant-popconfirm .ant-btn-primary').click();
    const renewed = await operator.page.getByTestId('shown-password').textContent();
    expect(renewed).toContain(`管理员账号 ${account} 的新密码`);
    const newPassword = /：(\w+)$/.exec(renewed ?? '')?.[1] ?? '';
    expect(newPassword).toMatch(/^[a-z2-9]{10}$/);
    expect(newPassword).not.toBe(password);
    // at once, not at his next click: the socket's logout sends the page to the login, saying why
    await manager.page.waitForURL(/#\/login/);
    await manager.page.getByText('登录已失效').first().waitFor();
    await loginByPassword(manager.page, account, newPassword);
    await choosePassword(manager.page, newPassword, `${newPassword}-own`);
    await manager.page.getByTestId('people-page').waitFor();
    await operator.context.close();
    await manager.context.close();
  }, 90_000);

  it("answers who has not finished and shows a learner's file in 学习报表", async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'admin', 'admin1234');
    await page.waitForURL(/#\/manage\/dashboard/);
    // the console opens on 概览: today's figures and the charts of 30 days
    await page.evaluate(() => (location.hash = '/manage'));
    await page.waitForURL(/#\/manage\/dashboard$/);
    await page.getByTestId('figure-hours').waitFor();
    await page.getByTestId('chart-hours').locator('canvas').waitFor();
    // an organisation with learners, courses and classes is past its first steps
    expect(await page.getByTestId('first-steps').count()).toBe(0);
    await page.evaluate(() => (location.hash = '/manage/reports'));
    await page.getByTestId('report-class').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '2026年度全员安全生产培训班' }).click();
    await page
      .getByTestId('report-summary')
      .getByText(/2026年度全员安全生产培训班/)
      .waitFor();
    const rows = page.getByTestId('report-table').locator('tr').filter({ hasText: '张安全' });
    await rows.first().waitFor();
    // what he studied and what the class counts of it, each under its own name
    const headers = await page.getByTestId('report-table').locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['学时（已学 / 应修）', '计入学时']));
    // filtered to those who have not finished: the demo learner is among them
    await page.getByTestId('report-status').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '未开始' }).click();
    await rows.first().waitFor();
    // the same rows as a sheet: one per learner × course
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toBe('2026年度全员安全生产培训班-学习情况.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
    const names = sheet.getColumn(1).values.slice(2);
    expect(names).toContain('张安全');
    // 一期一档: built in the background, then downloaded
    await page.getByTestId('archive-build').click();
    await page.getByTestId('archive-download').waitFor({ timeout: 60_000 });
    // when it was built is said beside it: later records are not in it
    expect(await page.getByTestId('archive-made-at').textContent()).toMatch(
      /^生成于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?：此后的学习、考试和核验不在其中/,
    );
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('archive-download').click()]);
    expect(zip.suggestedFilename()).toBe('2026年度全员安全生产培训班-一期一档.zip');
    expect(
      fs
        .readFileSync((await zip.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await rows.first().getByTestId('report-open').click();
    const record = page.getByTestId('learner-record');
    await record.getByTestId('record-class').first().getByText('火灾的危害与成因').waitFor();
    expect(await record.getByTestId('record-class').first().textContent()).toMatch(
      /学时（已学 \/ 应修） [\d.]+ \/ [\d.]+ · 计入学时 [\d.]+/,
    );
    // and his 一人一档 as a PDF
    const [archive] = await Promise.all([page.waitForEvent('download'), record.getByTestId('record-archive').click()]);
    expect(archive.suggestedFilename()).toBe('张安全-培训档案.pdf');
    expect(
      fs
        .readFileSync((await archive.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // and every report he sent, with the logins they came in on, for whoever audits the class
    const [trail] = await Promise.all([
      page.waitForEvent('download'),
      record.getByTestId('record-class').first().getByTestId('record-trail').click(),
    ]);
    expect(trail.suggestedFilename()).toBe('2026年度全员安全生产培训班-张安全-学习轨迹.xlsx');
    const trailBook = new ExcelJS.Workbook();
    await trailBook.xlsx.readFile((await trail.path())!);
    expect(trailBook.worksheets.map((w) => w.name)).toEqual(['学习轨迹', '考试记录', '登录记录']);
    expect(trailBook.worksheets[0]!.getRow(1).values).toEqual(
      expect.arrayContaining(['上报时间', '计入（秒）', '会话号']),
    );
    await record.locator('.ant-drawer-close').click();
    await page.getByTestId('department-tab').click();
    await page.getByTestId('department-summary').locator('tbody tr').filter({ hasText: /\d+%/ }).first().waitFor();
    await context.close();
  }, 60_000);

  it('finds a certificate in 证书管理 and revokes it with a reason', async () => {
    // the demo learner has earned one (his class complete, as the certificates feature records it)
    const { markDemoLearnerStudied } = await import('../../server/test/harness.js');
    await markDemoLearnerStudied(env.server, { examsPassed: true });
    await env.server.ctx.db.updateTable('face_checks').set({ status: 'passed', passed_at: Date.now() }).execute();
    const learner = (
      await env.server.request('POST', '/api/login', { json: { username: 'demo', password: 'demo1234', client: 'pc' } })
    ).body.data.credentials.accessToken;
    const mine = (await env.server.request('GET', '/api/base/certificate/my', { headers: { Authorization: learner } }))
      .body.data;
    expect(mine).toHaveLength(1);

    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'admin', 'admin1234');
    await page.waitForURL(/#\/manage\/dashboard/);
    await page.evaluate(() => (location.hash = '/manage/certificates'));
    await page.getByTestId('certificate-search').locator('input').fill(mine[0].number);
    await page.getByTestId('certificate-search').locator('input').press('Enter');
    const row = page.getByTestId('certificate-table').locator('tr').filter({ hasText: mine[0].number });
    await row.getByText('有效').waitFor();
    await row.getByTestId('certificate-revoke').click();
    await page.getByTestId('certificate-reason').fill('学时记录有误');
    await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
    await row.getByText('已撤销').waitFor();
    // the list as a sheet, as the page finds it
    const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByTestId('certificate-export').click()]);
    expect(sheet.suggestedFilename()).toBe('证书.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await sheet.path())!);
    const numbers = book.worksheets[0]!.getColumn(1).values.slice(2);
    expect(numbers).toEqual([mine[0].number]);
    const verified = await env.server.request(
      'GET',
      `/api/base/certificate/verify?number=${mine[0].number}&code=${mine[0].verifyCode}`,
    );
    expect(verified.body.data.status).toBe('revoked');
    await context.close();
  }, 60_000);

  it('voids a doubtful face check in 核验审核, beside the reference photo', async () => {
    // the check it writes would stop its retry (the same id): a retry starts on a fresh server
    onTestFailed(async () => {
      await env.close();
      env = await startBrowserEnv();
    });
    const db = env.server.ctx.db;
    const member = await db
      .selectFrom('train_persons as tp')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .select(['tp.id', 'tp.person_id'])
      .where('p.account', '=', 'demo')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await db
      .insertInto('face_checks')
      .values({
        id: 'doubtful-check',
        person_id: member.person_id,
        train_person_id: member.id,
        kind: 'random',
        status: 'passed',
        session_id: 'browser',
        warp_course_id: null,
        due_at: now,
        window_ends_at: now + 120_000,
        best_score: 0.6789,
        passed_at: now,
        next_after_seconds: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'admin', 'admin1234');
    await page.waitForURL(/#\/manage\/dashboard/);
    await page.evaluate(() => (location.hash = '/manage/face-review'));
    const item = page.getByTestId('face-review-item').filter({ hasText: '0.679' });
    await item.getByTestId('face-review-void').click();
    await page.getByTestId('face-review-reason').fill('照片与本人不符');
    await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
    // the dialog closes once the server has voided the check; if it stays, what it says is the
    // failure's message (a CI run once found it open 30 s later, the cause unseen)
    await expect
      .poll(
        async () =>
          (await page.locator('.ant-modal:visible').count()) === 0
            ? 'closed'
            : `open: ${(await page.locator('.ant-modal:visible, [role=alert]').allInnerTexts()).join(' | ')}`,
        { timeout: 20_000 },
      )
      .toBe('closed');
    await page.getByRole('tab', { name: '已审核' }).click();
    await page
      .getByTestId('face-review-item')
      .filter({ hasText: '0.679' })
      .getByTestId('face-review-decision')
      .getByText('已作废')
      .waitFor();
    // who decided, and when, beside the decision
    expect(
      await page
        .getByTestId('face-review-item')
        .filter({ hasText: '0.679' })
        .getByTestId('face-review-by')
        .textContent(),
    ).toMatch(/^培训管理员 审核于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const review = await db
      .selectFrom('face_check_reviews')
      .selectAll()
      .where('check_id', '=', 'doubtful-check')
      .executeTakeFirst();
    expect(review).toMatchObject({ decision: 'voided', reason: '照片与本人不符' });
    // the class's face-check records, as a sheet: the void is on it, and its link opens that check
    await page.evaluate(() => (location.hash = '/manage/reports'));
    await page.getByTestId('report-class').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '2026年度全员安全生产培训班' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-export-checks').click(),
    ]);
    expect(download.suggestedFilename()).toBe('2026年度全员安全生产培训班-核验记录.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    const voided = rows.find((r) => r.getCell(header.indexOf('最高得分') + 1).value === 0.679);
    expect(voided?.getCell(header.indexOf('审核') + 1).value).toBe('已作废');
    expect(voided?.getCell(header.indexOf('审核意见') + 1).value).toBe('照片与本人不符');
    await page.evaluate(() => (location.hash = '/manage/face-review?check=doubtful-check'));
    // the list visited before stays mounted, hidden (kept pages): only what is shown counts
    await page.getByTestId('face-review-one').filter({ visible: true }).waitFor();
    const shown = page.getByTestId('face-review-item').filter({ visible: true });
    // the check's own tag, and (once its attempts have loaded) the voided attempt's: either shows it
    await shown.filter({ hasText: '0.679' }).getByText('已作废').first().waitFor();
    expect(await shown.count()).toBe(1);
    await context.close();
  }, 60_000);

  it('sets how long records are kept, and sees a certificate template on a sample before saving it', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'admin', 'admin1234');
    await page.waitForURL(/#\/manage\/dashboard/);
    await page.evaluate(() => (location.hash = '/manage/settings'));
    const kept = async () =>
      (
        await env.server.ctx.db
          .selectFrom('organisations')
          .select('retention_years')
          .where('code', '=', '00000')
          .executeTakeFirstOrThrow()
      ).retention_years;
    // a change (saving is offered only for one): another number when a retry meets its own 6
    const years = (await kept()) === 6 ? 7 : 6;
    await page.getByTestId('retention-years').fill(String(years));
    await page.getByTestId('retention-save').click();
    await expect.poll(kept).toBe(years);
    // fewer years than the law's three are said, not raised to three on blur
    await page.getByTestId('retention-years').fill('2');
    await page.getByTestId('retention-years').press('Tab');
    expect(await page.getByTestId('retention-problem').textContent()).toBe('请输入 3 到 30 之间的数');
    expect(await page.getByTestId('retention-years').inputValue()).toBe('2');
    expect(await page.getByTestId('retention-save').isDisabled()).toBe(true);
    await page.getByTestId('template-title').fill('安全生产培训合格证');
    await page.getByTestId('template-signature').fill('培训负责人：王建国');
    await page.getByTestId('template-preview').click();
    // the sample certificate, drawn: a canvas with ink on it
    const canvas = page.getByTestId('pdf-page');
    await expect
      .poll(
        () =>
          canvas.evaluate((c: HTMLCanvasElement) => {
            if (c.width === 0) return 0;
            const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
            let ink = 0;
            for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128) ink++;
            return ink;
          }),
        // the server makes the sample and pdf.js draws it: seconds on a busy machine, not poll's default 1 s
        { timeout: 20_000 },
      )
      .toBeGreaterThan(1000);
    // drawn again for a narrower window (the dialog follows it), and for the wide one again
    // (drawn once, the page was stretched from its first drawing)
    const fitted = () => fittedCanvasWidth(canvas);
    await expect.poll(fitted, { timeout: 10_000 }).toBeGreaterThan(0);
    const wide = await fitted();
    await page.setViewportSize({ width: 600, height: 800 });
    await expect.poll(async () => between(await fitted(), 0, wide * 0.7), { timeout: 10_000 }).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(fitted, { timeout: 10_000 }).toBe(wide);
    await closeDialog(page);
    await page.getByTestId('template-save').click();
    await page
      .getByTestId('template-state')
      .getByText(/上次保存/)
      .waitFor();
    const saved = await env.server.ctx.db.selectFrom('certificate_templates').selectAll().executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      title: '安全生产培训合格证',
      signature_line: '培训负责人：王建国',
      seal_file_id: null,
    });

    // reference photos taken by managers only: the learner's 个人中心 says so and offers no camera
    const mode = async () =>
      (
        await env.server.ctx.db
          .selectFrom('organisations')
          .select('reference_mode')
          .where('code', '=', '00000')
          .executeTakeFirstOrThrow()
      ).reference_mode;
    await page.getByTestId('reference-card').getByText('仅由培训管理员采集').click();
    await expect.poll(mode).toBe('manager');
    const learner = await openPage(env, '/login');
    await loginByPassword(learner.page, 'demo', 'demo1234');
    await learner.page.waitForURL(/#\/study/);
    await learner.page.evaluate(() => (location.hash = '/setting/personalCenter'));
    await learner.page.getByTestId('reference-by-manager').waitFor();
    expect(await learner.page.getByTestId('reference-camera').count()).toBe(0);
    await learner.context.close();
    await page.getByTestId('reference-card').getByText('学员在个人中心自行拍摄或上传').click();
    await expect.poll(mode).toBe('learner');
    await context.close();
  }, 90_000);

  it('is not there for a learner: no menu, and a typed address answers 403', async () => {
    const { page, context } = await openPage(env, '/login');
    await loginByPassword(page, 'demo', 'demo1234');
    await page.waitForURL(/#\/study/);
    expect(await page.locator('.shell-header').getByText('管理后台').count()).toBe(0);
    await page.evaluate(() => (location.hash = '/manage/people'));
    await page.waitForURL(/#\/403$/);
    await context.close();
  });
});
