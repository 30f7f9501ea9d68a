import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};

/**
 * 课程管理: a manager's own course book is a draft nobody else sees until it holds a unit and
 * is published; published, learners find it and classes take it; retired, it leaves the
 * catalogue. Another organisation never reaches it.
 */
describe.each(dialects)('course books in the console on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let learner: string;
  let otherAdmin: string;
  let bookId: string;
  let classId: string;
  const as = (token = admin) => ({ Authorization: token });
  const call = (method: string, url: string, json?: unknown, token = admin) =>
    server.request(method, url, { ...(json === undefined ? {} : { json }), headers: as(token) });
  const catalogueNames = async () =>
    (await call('GET', '/api/course/book/select-page?size=100', undefined, learner)).body.data.records.map(
      (b: { name: string }) => b.name,
    ) as string[];

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    learner = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10013', '另一家单位');
    await addLearner(server, { account: 'other-admin13', password: 'other1234', role: 'admin', orgCode: '10013' });
    otherAdmin = (await login(server, 'other-admin13', 'other1234')).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('creates a draft that learners, classes and the catalogue do not see', async () => {
    const res = await call('POST', '/api/manage/course-books', {
      name: '有限空间作业安全',
      intro: '进入有限空间前的检测、通风与监护。',
      teachers: ['刘工'],
      category: '专项作业',
      classHours: 4,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '有限空间作业安全',
      status: 'draft',
      unitCount: 0,
      teachers: ['刘工'],
    });
    bookId = res.body.data.courseBookId;
    expect(await catalogueNames()).not.toContain('有限空间作业安全');
    const cls = await call('POST', '/api/manage/classes', { name: '草稿课程班', bookIds: [bookId], rules: RULES });
    expect(cls.status).toBe(404);
    const list = await call('GET', '/api/manage/course-books?status=draft');
    expect(list.body.data.records.map((b: { name: string }) => b.name)).toEqual(['有限空间作业安全']);
  });

  it('publishes only a book that holds a unit, then learners find it and a class takes it', async () => {
    const empty = await call('POST', `/api/manage/course-books/${bookId}/publish`);
    expect(empty.status).toBe(409);
    expect(empty.body.msg).toBe('课程还没有课件，不能发布');
    // units (uploads come with their own step of this issue)
    const addUnit = async (title: string, seconds: number, order: number) => {
      const id = crypto.randomUUID();
      await server.ctx.db
        .insertInto('course_warps')
        .values({
          id,
          book_id: bookId,
          title,
          kind: 'video',
          vod_id: null,
          duration_seconds: seconds,
          sort_order: order,
          created_at: Date.now(),
        })
        .execute();
      return id;
    };
    await addUnit('第一节 气体检测', 60, 1);
    // a minute of courseware cannot make 4 学时: no learner could ever complete it
    const short = await call('POST', `/api/manage/course-books/${bookId}/publish`);
    expect(short.status).toBe(409);
    expect(short.body.msg).toBe(
      '课件总时长 1分0秒，不足本课程的 4 学时（2小时0分）：学员学完全部课件也无法完成。请增加课件或调低学时，不能发布',
    );
    // the list says so before 发布 is tried
    const listed = await call('GET', '/api/manage/course-books?current=1&size=50');
    const draft = listed.body.data.records.find((b: { courseBookId: string }) => b.courseBookId === bookId);
    expect(draft.hoursShort).toMatch(/^课件总时长 1分0秒，不足本课程的 4 学时/);
    const long = await addUnit('第二节 通风与监护', 12_000, 2);
    const published = await call('POST', `/api/manage/course-books/${bookId}/publish`);
    expect(published.body.data).toMatchObject({
      status: 'published',
      unitCount: 2,
      unitSeconds: 12_060,
      hoursShort: null,
    });
    // nor, once published, is it cut below them
    const cut = await call('DELETE', `/api/manage/course-units/${long}`);
    expect(cut.status).toBe(409);
    expect(cut.body.msg).toMatch(/^删除后课件总时长 1分0秒，不足本课程的 4 学时/);
    expect(await catalogueNames()).toContain('有限空间作业安全');
    const cls = await call('POST', '/api/manage/classes', { name: '有限空间班', bookIds: [bookId], rules: RULES });
    expect(cls.status, cls.text).toBe(200);
    classId = cls.body.data.id;
    const back = await call('POST', `/api/manage/course-books/${bookId}/unpublish`);
    expect(back.status).toBe(409);
    expect(back.body.msg).toBe('已有班级在学这门课程，不能撤回为草稿');
  });

  it('edits, retires (gone from the catalogue) and restores, each audited', async () => {
    const edited = await call('PUT', `/api/manage/course-books/${bookId}`, {
      name: '有限空间作业安全（2027版）',
      classHours: 6,
      // sent as it was: not a change
      category: '专项作业',
    });
    expect(edited.body.data).toMatchObject({ name: '有限空间作业安全（2027版）', classHours: 6 });
    // more 学时 than its units last, once published: refused, as at publishing
    const beyond = await call('PUT', `/api/manage/course-books/${bookId}`, { classHours: 7 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.msg).toContain('不足本课程的 7 学时');
    const bad = await call('PUT', `/api/manage/course-books/${bookId}`, { classHours: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('学时不能少于0.05');
    expect((await call('POST', `/api/manage/course-books/${bookId}/retire`)).body.data.status).toBe('retired');
    expect(await catalogueNames()).not.toContain('有限空间作业安全（2027版）');
    // a class that has it keeps it when edited; a new class cannot take it
    const kept = await call('PUT', `/api/manage/classes/${classId}`, { name: '有限空间班（续）', bookIds: [bookId] });
    expect(kept.status, kept.text).toBe(200);
    const fresh = await call('POST', '/api/manage/classes', { name: '新班', bookIds: [bookId], rules: RULES });
    expect(fresh.status).toBe(404);
    // retired, it may be changed freely; it comes back only if it can be completed
    expect((await call('PUT', `/api/manage/course-books/${bookId}`, { classHours: 7 })).status).toBe(200);
    const shortRestore = await call('POST', `/api/manage/course-books/${bookId}/restore`);
    expect(shortRestore.status).toBe(409);
    expect(shortRestore.body.msg).toMatch(/不足本课程的 7 学时.*，不能恢复$/);
    expect((await call('PUT', `/api/manage/course-books/${bookId}`, { classHours: 6 })).status).toBe(200);
    expect((await call('POST', `/api/manage/course-books/${bookId}/restore`)).body.data.status).toBe('published');
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('target_id', '=', bookId)
      .orderBy('created_at')
      .execute();
    // the edit's record says what changed, 学时 included (a regulator reads it), and not what did not
    const update = JSON.parse(audit.find((a) => a.action === 'course-book.update')!.summary);
    expect(update.before).toEqual({ name: '有限空间作业安全', classHours: 4 });
    expect(update.after).toEqual({ name: '有限空间作业安全（2027版）', classHours: 6 });
    expect(audit.map((a) => a.action)).toEqual([
      'course-book.create',
      'course-book.publish',
      'course-book.update',
      'course-book.retire',
      'course-book.update',
      'course-book.update',
      'course-book.restore',
    ]);
  });

  it("keeps another organisation's manager out", async () => {
    expect((await call('GET', '/api/manage/course-books', undefined, otherAdmin)).body.data.total).toBe(0);
    for (const [method, path, json] of [
      ['PUT', `/api/manage/course-books/${bookId}`, { name: '别家' }],
      ['POST', `/api/manage/course-books/${bookId}/retire`, undefined],
    ] as const) {
      expect((await call(method, path, json, otherAdmin)).status, path).toBe(404);
    }
  });

  it("takes a cover image from the book's own organisation only, and the catalogue shows it", async () => {
    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#1677ff' } })
      .png()
      .toBuffer();
    const upload = (token: string, id = bookId) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)]), 'cover.png');
      return server.request('POST', `/api/file/upload?otcType=CourseCover&otcId=${id}`, {
        body: form,
        headers: as(token),
      });
    };
    // another organisation's book is not there for its manager (404, as on every route); a learner of its own may not
    expect((await upload(otherAdmin)).status).toBe(404);
    expect((await upload(learner)).status).toBe(403);
    const done = await upload(admin);
    expect(done.status, done.text).toBe(200);
    const book = (await call('GET', '/api/manage/course-books?size=100')).body.data.records.find(
      (b: { courseBookId: string }) => b.courseBookId === bookId,
    );
    expect(book.coverUrl).toBe(done.body.data.filePath);
    const image = await fetch(server.baseUrl + book.coverUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    const listed = (
      await call('GET', '/api/course/book/select-page?size=100', undefined, learner)
    ).body.data.records.find((b: { id?: string; courseBookId?: string }) => (b.courseBookId ?? b.id) === bookId);
    expect(listed.coverUrl).toBe(book.coverUrl);
  });
});
