import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_OPERATOR } from '../../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};
const NAME = '平台·危险化学品安全管理';

async function twoPagePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => doc.on('end', r));
  for (const text of ['1. Label every drum', '2. Store apart']) doc.addPage().fontSize(20).text(text);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/**
 * 平台课程 (issue: Console II): the platform operator builds shared course books with the same
 * console (courseware, question bank, publish); an organisation's learners and classes see
 * one only after its manager added it to the catalogue; a manager reads its bank for his
 * class's paper but cannot change it, and nobody else's organisation gains it.
 */
describe.each(dialects)('platform shared books on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let operator: string;
  let admin: string;
  let learner: string;
  let otherAdmin: string;
  let otherLearner: string;
  let bookId: string;
  const as = (token: string) => ({ Authorization: token });
  const call = (token: string, method: string, url: string, json?: unknown) =>
    server.request(method, url, { ...(json === undefined ? {} : { json }), headers: as(token) });
  const catalogue = async (token: string) =>
    (
      (await call(token, 'GET', `/api/course/book/select-page?size=100&name=${encodeURIComponent('危险化学品')}`)).body
        .data.records as Array<{ courseBookId?: string; id?: string; name: string }>
    ).map((b) => b.name);

  beforeAll(async () => {
    // a 学时 of a minute: the test's units are seconds long, and a book may not ask more than its units last
    server = await startServer({ databaseUrl, env: { STUDY_HOUR_MINUTES: '1' } });
    const token = async (account: string, password: string) =>
      (await login(server, account, password)).body.data.credentials.accessToken as string;
    operator = await token(DEMO_OPERATOR.account, DEMO_OPERATOR.password);
    admin = await token(DEMO_ADMIN.account, DEMO_ADMIN.password);
    learner = await token(DEMO_LEARNER.account, DEMO_LEARNER.password);
    await addOrganisation(server, '10019', '另一家单位');
    await addLearner(server, { account: 'other-admin19', password: 'other1234', role: 'admin', orgCode: '10019' });
    await addLearner(server, { account: 'other-learner19', password: 'other1234', orgCode: '10019' });
    otherAdmin = await token('other-admin19', 'other1234');
    otherLearner = await token('other-learner19', 'other1234');
  });
  afterAll(() => server.close());

  it('lets the operator build a platform book with courseware and questions, out of every organisation’s own list', async () => {
    const created = await call(operator, 'POST', '/api/manage/course-books', { name: NAME, classHours: 0.05 });
    expect(created.status, created.text).toBe(200);
    bookId = created.body.data.courseBookId;
    const row = await server.ctx.db.selectFrom('course_books').selectAll().where('id', '=', bookId).executeTakeFirst();
    expect(row).toMatchObject({ org_id: null, status: 'draft' });

    // a manager neither lists it among his books nor touches it
    const own = (await call(admin, 'GET', '/api/manage/course-books?size=100')).body.data.records;
    expect(own.map((b: { name: string }) => b.name)).not.toContain(NAME);
    expect((await call(admin, 'PUT', `/api/manage/course-books/${bookId}`, { name: '改名' })).status).toBe(404);
    expect((await call(admin, 'GET', `/api/manage/course-books/${bookId}/units`)).status).toBe(404);

    // the operator uploads a PDF by tus and it becomes a unit
    const pdf = await twoPagePdf();
    const upload = await fetch(`${server.baseUrl}/api/manage/uploads`, {
      method: 'POST',
      headers: {
        ...as(operator),
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(pdf.length),
        'Upload-Metadata': `filename ${b64('危化品储存.pdf')},bookId ${b64(bookId)}`,
      },
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const location = upload.headers.get('location')!;
    // a manager cannot see how far the operator's upload got
    const peek = await fetch(server.baseUrl + location, {
      method: 'HEAD',
      headers: { ...as(admin), 'Tus-Resumable': '1.0.0' },
    });
    expect(peek.status).toBe(404);
    const sent = await fetch(server.baseUrl + location, {
      method: 'PATCH',
      headers: {
        ...as(operator),
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: pdf,
    });
    expect(sent.status, await sent.clone().text()).toBe(204);
    const until = Date.now() + 60_000;
    let units: Array<{ kind: string; pageCount: number }> = [];
    while (Date.now() < until && units.length === 0) {
      units = (await call(operator, 'GET', `/api/manage/course-books/${bookId}/units`)).body.data.units;
      if (units.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(units).toMatchObject([{ kind: 'document', pageCount: 2 }]);
    // the operator previews his draft's courseware; a manager cannot until it is published
    const warpId = (units[0] as unknown as { warpId: string }).warpId;
    const preview = await call(operator, 'GET', `/api/course/couwarp/play-url/${warpId}`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.playUrl).toMatch(/^\/api\/vod\//);
    expect((await call(admin, 'GET', `/api/course/couwarp/play-url/${warpId}`)).status).toBe(404);

    const question = await call(operator, 'POST', `/api/manage/question-books/${bookId}/questions`, {
      kind: 'judge',
      stem: '危化品可以与食品混放。',
      answer: '错',
    });
    expect(question.status, question.text).toBe(200);
    expect(
      (
        await call(admin, 'POST', `/api/manage/question-books/${bookId}/questions`, {
          kind: 'judge',
          stem: '别家加的题',
          answer: '对',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(admin, 'PUT', `/api/manage/questions/${question.body.data.id}`, {
          kind: 'judge',
          stem: '改',
          answer: '对',
        })
      ).status,
    ).toBe(404);

    const published = await call(operator, 'POST', `/api/manage/course-books/${bookId}/publish`);
    expect(published.body.data).toMatchObject({ status: 'published', unitCount: 1, questionCount: 1 });
    // the operator's work is in his audit trail
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', bookId)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['course-book.create', 'course-unit.upload', 'course-unit.create', 'course-book.publish']),
    );
  });

  it('reaches an organisation only once its manager adds it, and leaves the catalogue when taken out', async () => {
    // offered, not yet added: learners do not see it and a class cannot take it
    const offered = (await call(admin, 'GET', '/api/manage/shared-books?size=100')).body.data.records;
    expect(offered).toContainEqual(
      expect.objectContaining({ courseBookId: bookId, name: NAME, added: false, unitCount: 1, questionCount: 1 }),
    );
    expect(await catalogue(learner)).not.toContain(NAME);
    const refused = await call(admin, 'POST', '/api/manage/classes', {
      name: '危化品班',
      bookIds: [bookId],
      rules: RULES,
    });
    expect(refused.status).toBe(404);
    expect((await call(admin, 'GET', `/api/manage/question-books/${bookId}/questions`)).status).toBe(404);

    const added = await call(admin, 'POST', `/api/manage/shared-books/${bookId}/add`);
    expect(added.body.data).toEqual({ added: true });
    // twice is no error and no second row
    expect((await call(admin, 'POST', `/api/manage/shared-books/${bookId}/add`)).status).toBe(200);
    expect(await catalogue(learner)).toContain(NAME);
    // another organisation gains nothing
    expect(await catalogue(otherLearner)).not.toContain(NAME);
    expect(
      (await call(otherAdmin, 'GET', '/api/manage/shared-books?size=100')).body.data.records.find(
        (b: { courseBookId: string }) => b.courseBookId === bookId,
      ),
    ).toMatchObject({ added: false });

    // a class takes it; the manager reads its bank (for 试卷设置) but still cannot change it
    const cls = await call(admin, 'POST', '/api/manage/classes', { name: '危化品班', bookIds: [bookId], rules: RULES });
    expect(cls.status, cls.text).toBe(200);
    const bank = await call(admin, 'GET', `/api/manage/question-books/${bookId}/questions`);
    expect(bank.body.data.records.map((q: { stem: string }) => q.stem)).toEqual(['危化品可以与食品混放。']);
    expect((await call(admin, 'POST', `/api/manage/course-books/${bookId}/retire`)).status).toBe(404);
    const withClass = (await call(admin, 'GET', '/api/manage/shared-books?size=100')).body.data.records.find(
      (b: { courseBookId: string }) => b.courseBookId === bookId,
    );
    expect(withClass).toMatchObject({ added: true, classCount: 1 });

    // taken out: gone from the catalogue and from new classes; the class keeps it
    expect((await call(admin, 'POST', `/api/manage/shared-books/${bookId}/remove`)).body.data).toEqual({
      added: false,
    });
    expect(await catalogue(learner)).not.toContain(NAME);
    expect(
      (await call(admin, 'POST', '/api/manage/classes', { name: '危化品二班', bookIds: [bookId], rules: RULES }))
        .status,
    ).toBe(404);
    const kept = await call(admin, 'GET', `/api/manage/classes/${cls.body.data.id}`);
    expect(JSON.stringify(kept.body.data)).toContain(NAME);

    const trail = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'org_id'])
      .where('target_id', '=', bookId)
      .where('action', 'like', 'course-book.%-shared')
      .orderBy('created_at')
      .execute();
    expect(trail.map((a) => a.action)).toEqual(['course-book.add-shared', 'course-book.remove-shared']);
  });

  it("shows each organisation only its own learners' reviews and questions of a book they share", async () => {
    // both organisations add it and put their learner in a class with it
    for (const [manager, account] of [
      [admin, DEMO_LEARNER.account],
      [otherAdmin, 'other-learner19'],
    ] as const) {
      expect((await call(manager, 'POST', `/api/manage/shared-books/${bookId}/add`)).status).toBe(200);
      const cls = await call(manager, 'POST', '/api/manage/classes', {
        name: '共享课程班',
        bookIds: [bookId],
        rules: RULES,
      });
      expect(cls.status, cls.text).toBe(200);
      const person = await server.ctx.db
        .selectFrom('persons')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow();
      const enrolled = await call(manager, 'POST', `/api/manage/classes/${cls.body.data.id}/enrol`, {
        personIds: [person.id],
      });
      expect(enrolled.status, enrolled.text).toBe(200);
    }
    const post = async (token: string, url: string, json: unknown) => {
      const res = await call(token, 'POST', url, json);
      expect(res.status, res.text).toBe(200);
      return res.body.data as { id: string };
    };
    await post(learner, '/api/online/cmtion/submit', { courseBookId: bookId, rating: 5, content: '本单位的评价' });
    await post(otherLearner, '/api/online/cmtion/submit', { courseBookId: bookId, rating: 1, content: '另一家的评价' });
    await post(learner, '/api/online/answers/submit', { courseBookId: bookId, content: '本单位的问题' });
    const theirs = await post(otherLearner, '/api/online/answers/submit', {
      courseBookId: bookId,
      content: '另一家的问题：我们车间的桶怎么放？',
    });
    const seen = async (token: string | undefined) => {
      const headers = token ? as(token) : {};
      const comments = (
        await server.request('GET', `/api/online/cmtion/select-page?courseBookId=${bookId}`, { headers })
      ).body.data as { records: Array<{ content: string }>; averageRating: number };
      const threads = (
        await server.request('GET', `/api/online/answers/select-page?courseBookId=${bookId}`, { headers })
      ).body.data as { records: Array<{ content: string }> };
      return {
        comments: comments.records.map((c) => c.content),
        average: comments.averageRating,
        questions: threads.records.map((q) => q.content),
      };
    };
    expect(await seen(learner)).toEqual({ comments: ['本单位的评价'], average: 5, questions: ['本单位的问题'] });
    expect(await seen(otherLearner)).toEqual({
      comments: ['另一家的评价'],
      average: 1,
      questions: ['另一家的问题：我们车间的桶怎么放？'],
    });
    // a guest of the first organisation's site reads its own learners' only
    const guest = await seen(undefined);
    expect(guest.comments).not.toContain('另一家的评价');
    expect(guest.questions).not.toContain('另一家的问题：我们车间的桶怎么放？');
    // its learners are counted each organisation's own: one each here
    for (const token of [learner, otherLearner]) {
      const info = await call(token, 'GET', `/api/course/book/find-course-info/${bookId}`);
      expect(info.body.data.learnerCount, info.text).toBe(1);
    }
    // nor can one answer the other's question by its id
    const reply = await call(learner, 'POST', '/api/online/answers/submit', {
      courseBookId: bookId,
      parentId: theirs.id,
      content: '放阴凉处',
    });
    expect(reply.status).toBe(404);
  });

  it('cannot be added once the platform retires it, and unknown ids are 404', async () => {
    expect((await call(operator, 'POST', `/api/manage/course-books/${bookId}/retire`)).status).toBe(200);
    const offered = (await call(admin, 'GET', '/api/manage/shared-books?size=100')).body.data.records;
    expect(offered.map((b: { courseBookId: string }) => b.courseBookId)).not.toContain(bookId);
    expect((await call(admin, 'POST', `/api/manage/shared-books/${bookId}/add`)).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(admin, 'POST', `/api/manage/shared-books/${unknown}/add`)).status).toBe(404);
    expect((await call(admin, 'POST', `/api/manage/shared-books/${unknown}/remove`)).status).toBe(404);
    expect((await call(admin, 'POST', '/api/manage/shared-books/not-an-id/add')).status).toBe(404);
    // a learner never reaches the console's side
    expect((await call(learner, 'GET', '/api/manage/shared-books')).status).toBe(403);
    // the operator has no catalogue of his own to add to
    expect((await call(operator, 'GET', '/api/manage/shared-books')).status).toBe(403);
  });

  it("records the operator's work in the platform's 操作日志, not in that of the organisation his account belongs to", async () => {
    const actions = async (token: string) =>
      (
        (await call(token, 'GET', '/api/manage/audit?action=course-book.&size=100')).body.data.records as Array<{
          action: string;
          targetId: string;
          actorName: string;
        }>
      ).filter((r) => r.targetId === bookId);
    const platform = await actions(operator);
    expect(platform.map((r) => r.action)).toEqual(
      expect.arrayContaining(['course-book.create', 'course-book.publish', 'course-book.retire']),
    );
    // the organisation's own records are not the operator's to read
    expect(platform.map((r) => r.action)).not.toContain('course-book.add-shared');
    // the demo organisation's manager (the operator's account is of that organisation) sees
    // his own adding (twice) and removing of the book, not the platform's building of it
    expect((await actions(admin)).map((r) => r.action).sort()).toEqual([
      'course-book.add-shared',
      'course-book.add-shared',
      'course-book.remove-shared',
    ]);
    expect((await actions(otherAdmin)).map((r) => r.action)).toEqual(['course-book.add-shared']);
  });
});
