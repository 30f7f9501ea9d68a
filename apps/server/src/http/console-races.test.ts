import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../seed/demo-accounts.js';
import { login, startServer, TEST_DATABASE_URL, type TestServer } from '../../test/harness.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};
const ROUNDS = 8;

/**
 * Two training managers (or two tabs) doing conflicting things at the same moment, on
 * PostgreSQL where transactions really run side by side (SQLite has one writer): whichever
 * lands first, the result is one either of them could have made alone.
 */
describe.skipIf(!TEST_DATABASE_URL)('console writes at the same moment on postgres', () => {
  let server: TestServer;
  let admin: string;
  const call = async (method: string, url: string, json?: unknown, token = admin) =>
    server.request(method, url, { ...(json === undefined ? {} : { json }), headers: { Authorization: token } });
  const post = async (url: string, json: unknown) => {
    const res = await call('POST', url, json);
    expect(res.status, `${url}: ${res.text}`).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    server = await startServer({ databaseUrl: TEST_DATABASE_URL });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('never lets two crossing department moves make a cycle', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const a = (await post('/api/manage/departments', { name: `甲${i}` })).id;
      const b = (await post('/api/manage/departments', { name: `乙${i}` })).id;
      const [one, two] = await Promise.all([
        call('PUT', `/api/manage/departments/${a}`, { parentId: b }),
        call('PUT', `/api/manage/departments/${b}`, { parentId: a }),
      ]);
      expect([one.status, two.status].sort()).toEqual([200, 400]);
    }
  });

  it('keeps one of two simultaneous course lists of a class, not a mix', async () => {
    const books = (
      await server.ctx.db.selectFrom('course_books').select('id').where('status', '=', 'published').execute()
    ).map((b) => b.id);
    expect(books.length).toBeGreaterThanOrEqual(2);
    const [x, y] = books as [string, string];
    for (let i = 0; i < ROUNDS; i++) {
      const cls = (await post('/api/manage/classes', { name: `并发班${i}`, bookIds: [x], rules: RULES })).id;
      await Promise.all([
        call('PUT', `/api/manage/classes/${cls}`, { bookIds: [x, y] }),
        call('PUT', `/api/manage/classes/${cls}`, { bookIds: [y] }),
      ]);
      const courses = (await call('GET', `/api/manage/classes/${cls}`)).body.data.courses.map(
        (c: { bookId: string }) => c.bookId,
      );
      expect([[x, y].join(), [y].join()]).toContain(courses.join());
    }
  });

  it('never leaves a class holding a book that went back to draft', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const book = (await post('/api/manage/course-books', { name: `草稿竞争${i}`, classHours: 0.05 })).courseBookId;
      await server.ctx.db
        .insertInto('course_warps')
        .values({
          id: `race-unit-${i}`,
          book_id: book,
          title: '第一节',
          kind: 'video',
          vod_id: null,
          // as long as the 学时 asked (0.05 × 30 min): a book may not ask more than its units last
          duration_seconds: 90,
          sort_order: 1,
          created_at: Date.now(),
        })
        .execute();
      await post(`/api/manage/course-books/${book}/publish`, {});
      await Promise.all([
        call('POST', `/api/manage/course-books/${book}/unpublish`),
        call('POST', '/api/manage/classes', { name: `抢课班${i}`, bookIds: [book], rules: RULES }),
      ]);
      const row = await server.ctx.db
        .selectFrom('course_books')
        .select('status')
        .where('id', '=', book)
        .executeTakeFirstOrThrow();
      const used = await server.ctx.db
        .selectFrom('train_class_courses')
        .select('id')
        .where('book_id', '=', book)
        .execute();
      expect(row.status === 'draft' && used.length > 0, `round ${i}`).toBe(false);
    }
  });

  it('never lets two deletes at once leave a published book without a unit', async () => {
    const { insertUnit } = await import('../features/course-books/unit.repository.js');
    for (let i = 0; i < ROUNDS; i++) {
      const book = (await post('/api/manage/course-books', { name: `并发删课件${i}`, classHours: 0.05 })).courseBookId;
      const warpIds = [crypto.randomUUID(), crypto.randomUUID()];
      for (const warpId of warpIds) {
        await insertUnit(server.ctx.db, {
          warpId,
          vodId: crypto.randomUUID(),
          bookId: book,
          kind: 'document',
          title: warpId.slice(0, 8),
          storageKey: `vod/${warpId}.pdf`,
          contentType: 'application/pdf',
          posterKey: null,
          pageCount: 1,
          size: 1,
          // either one alone lasts the 学时 asked (0.05 × 30 min)
          durationSeconds: 90,
          now: Date.now(),
        });
      }
      await post(`/api/manage/course-books/${book}/publish`, {});
      const answers = await Promise.all(warpIds.map((id) => call('DELETE', `/api/manage/course-units/${id}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const left = await server.ctx.db.selectFrom('course_warps').select('id').where('book_id', '=', book).execute();
      expect(left).toHaveLength(1);
    }
  });

  it('imports the same question sheet sent twice at once only once', async () => {
    const book = (await post('/api/manage/course-books', { name: '重复导入', classHours: 1 })).courseBookId;
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('试题');
    ws.addRow(['题型', '题干', '选项A', '选项B', '答案']);
    for (let i = 0; i < 30; i++) ws.addRow(['单选题', `并发导入的第${i}题`, '对的', '错的', 'A']);
    const sheet = Buffer.from(await workbook.xlsx.writeBuffer());
    const send = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(sheet)]), 'q.xlsx');
      return server.request('POST', `/api/manage/question-books/${book}/questions/import`, {
        body: form,
        headers: { Authorization: admin },
      });
    };
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.body.data.created).sort()).toEqual([0, 30]);
    const count = await server.ctx.db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('book_id', '=', book)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(30);
  });
});

/** A manager looks after his learners, not his fellow managers or the platform operator. */
describe('what a manager may do to people of his organisation who are not learners', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("refuses the operator's and a fellow manager's avatar and face reference", async () => {
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const { id: operatorId } = await server.ctx.db
      .selectFrom('persons')
      .select('id')
      .where('account', '=', DEMO_OPERATOR.account)
      .executeTakeFirstOrThrow();
    const as = { Authorization: admin };
    const avatars = await server.request('GET', `/api/file/select?otcId=${operatorId}&otcType=SysPhoto`, {
      headers: as,
    });
    expect(avatars.status).toBe(403);
    const face = await server.request('GET', `/api/manage/learners/${operatorId}/face-reference`, { headers: as });
    expect(face.status).toBe(404);
    const clear = await server.request('DELETE', `/api/manage/learners/${operatorId}/face-reference`, { headers: as });
    expect(clear.status).toBe(404);
  });
});
