import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_OPERATOR } from '../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../test/harness.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};

type Ids = Record<
  | 'department'
  | 'learner'
  | 'pending'
  | 'class'
  | 'member'
  | 'enquiry'
  | 'notice'
  | 'book'
  | 'question'
  | 'unit'
  | 'uploadJob'
  | 'tusUpload'
  | 'classCourse'
  | 'attempt'
  | 'certificate'
  | 'check',
  string
>;
type Call = { json?: unknown; body?: FormData | string; headers?: Record<string, string> };
const TUS = { 'Tus-Resumable': '1.0.0' };

/**
 * Every console route that names a record, called by another organisation's training
 * manager with this organisation's ids, with a body that would otherwise be accepted:
 * 404, and nothing changes. The table must name every such route in the OpenAPI document,
 * so a route added later without its entry fails here.
 */
function calls(ids: Ids, sheet: Buffer, photo: Buffer, questions: Buffer): Record<string, { path: string } & Call> {
  const form = (field: string, data: Buffer, name: string) => {
    const f = new FormData();
    f.append(field, new Blob([new Uint8Array(data)]), name);
    return f;
  };
  return {
    'PUT /api/manage/departments/{id}': { path: `/api/manage/departments/${ids.department}`, json: { name: '改名' } },
    'DELETE /api/manage/departments/{id}': { path: `/api/manage/departments/${ids.department}` },
    'PUT /api/manage/learners/{id}': { path: `/api/manage/learners/${ids.learner}`, json: { name: '改名' } },
    'POST /api/manage/learners/{id}/disable': { path: `/api/manage/learners/${ids.learner}/disable` },
    'POST /api/manage/learners/{id}/enable': { path: `/api/manage/learners/${ids.learner}/enable` },
    'POST /api/manage/learners/{id}/unlock': { path: `/api/manage/learners/${ids.learner}/unlock` },
    'POST /api/manage/learners/{id}/reset-password': { path: `/api/manage/learners/${ids.learner}/reset-password` },
    'GET /api/manage/learners/{id}/face-reference': { path: `/api/manage/learners/${ids.learner}/face-reference` },
    'POST /api/manage/learners/{id}/face-reference': {
      path: `/api/manage/learners/${ids.learner}/face-reference`,
      body: form('photo', photo, 'face.jpg'),
    },
    'DELETE /api/manage/learners/{id}/face-reference': { path: `/api/manage/learners/${ids.learner}/face-reference` },
    'POST /api/manage/registrations/{id}/approve': { path: `/api/manage/registrations/${ids.pending}/approve` },
    'POST /api/manage/registrations/{id}/reject': { path: `/api/manage/registrations/${ids.pending}/reject` },
    'PUT /api/manage/enquiries/{id}': { path: `/api/manage/enquiries/${ids.enquiry}`, json: { status: 'closed' } },
    'POST /api/manage/enquiries/{id}/learner': {
      path: `/api/manage/enquiries/${ids.enquiry}/learner`,
      json: { idCard: '110105198506150030' },
    },
    'GET /api/manage/classes/{id}': { path: `/api/manage/classes/${ids.class}` },
    'PUT /api/manage/classes/{id}': { path: `/api/manage/classes/${ids.class}`, json: { name: '改名' } },
    'POST /api/manage/classes/{id}/close': { path: `/api/manage/classes/${ids.class}/close` },
    'POST /api/manage/classes/{id}/reopen': { path: `/api/manage/classes/${ids.class}/reopen` },
    'POST /api/manage/classes/{id}/enrol': {
      path: `/api/manage/classes/${ids.class}/enrol`,
      json: { personIds: [ids.learner] },
    },
    'POST /api/manage/classes/{id}/enrol-sheet': {
      path: `/api/manage/classes/${ids.class}/enrol-sheet`,
      body: form('file', sheet, 'list.xlsx'),
    },
    'GET /api/manage/classes/{id}/members': { path: `/api/manage/classes/${ids.class}/members` },
    'GET /api/manage/classes/{id}/courses/{classCourseId}/paper': {
      path: `/api/manage/classes/${ids.class}/courses/${ids.classCourse}/paper`,
    },
    'PUT /api/manage/classes/{id}/courses/{classCourseId}/paper': {
      path: `/api/manage/classes/${ids.class}/courses/${ids.classCourse}/paper`,
      json: { rules: null },
    },
    'DELETE /api/manage/classes/{id}/members/{trainPersonId}': {
      path: `/api/manage/classes/${ids.class}/members/${ids.member}`,
    },
    'PUT /api/manage/course-books/{id}': { path: `/api/manage/course-books/${ids.book}`, json: { name: '改名' } },
    'POST /api/manage/course-books/{id}/publish': { path: `/api/manage/course-books/${ids.book}/publish` },
    'POST /api/manage/course-books/{id}/unpublish': { path: `/api/manage/course-books/${ids.book}/unpublish` },
    'POST /api/manage/course-books/{id}/retire': { path: `/api/manage/course-books/${ids.book}/retire` },
    'POST /api/manage/course-books/{id}/restore': { path: `/api/manage/course-books/${ids.book}/restore` },
    'GET /api/manage/question-books/{id}/questions': { path: `/api/manage/question-books/${ids.book}/questions` },
    'POST /api/manage/question-books/{id}/questions/import': {
      path: `/api/manage/question-books/${ids.book}/questions/import`,
      body: form('file', questions, 'questions.xlsx'),
    },
    'GET /api/manage/question-books/{id}/questions/export': {
      path: `/api/manage/question-books/${ids.book}/questions/export`,
    },
    'DELETE /api/manage/questions/{id}': { path: `/api/manage/questions/${ids.question}` },
    'DELETE /api/manage/questions/{id}/image': { path: `/api/manage/questions/${ids.question}/image` },
    'PUT /api/manage/questions/{id}': {
      path: `/api/manage/questions/${ids.question}`,
      json: { kind: 'judge', stem: '别家改的题', answer: '对' },
    },
    'POST /api/manage/question-books/{id}/questions': {
      path: `/api/manage/question-books/${ids.book}/questions`,
      json: { kind: 'judge', stem: '别家加的题', answer: '对' },
    },
    'GET /api/manage/course-books/{id}/units': { path: `/api/manage/course-books/${ids.book}/units` },
    'PUT /api/manage/course-books/{id}/units/order': {
      path: `/api/manage/course-books/${ids.book}/units/order`,
      json: { warpIds: [ids.unit] },
    },
    'PUT /api/manage/course-units/{id}': { path: `/api/manage/course-units/${ids.unit}`, json: { title: '改名' } },
    'DELETE /api/manage/course-units/{id}': { path: `/api/manage/course-units/${ids.unit}` },
    'POST /api/manage/course-uploads/{id}/retry': { path: `/api/manage/course-uploads/${ids.uploadJob}/retry` },
    'DELETE /api/manage/course-uploads/{id}': { path: `/api/manage/course-uploads/${ids.uploadJob}` },
    'PATCH /api/manage/uploads/{uploadId}': {
      path: `/api/manage/uploads/${ids.tusUpload}`,
      headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: 'x'.repeat(1000),
    },
    'DELETE /api/manage/uploads/{uploadId}': { path: `/api/manage/uploads/${ids.tusUpload}`, headers: TUS },
    // an organisation's own book is no shared book: neither added nor taken out elsewhere
    'POST /api/manage/shared-books/{id}/add': { path: `/api/manage/shared-books/${ids.book}/add` },
    'POST /api/manage/shared-books/{id}/remove': { path: `/api/manage/shared-books/${ids.book}/remove` },
    'POST /api/manage/face-checks/{id}/review': {
      path: `/api/manage/face-checks/${ids.check}/review`,
      json: { decision: 'confirm', reason: '别家审核' },
    },
    'POST /api/manage/certificates/{id}/revoke': {
      path: `/api/manage/certificates/${ids.certificate}/revoke`,
      json: { reason: '别家撤销' },
    },
    'POST /api/manage/certificates/{id}/reissue': {
      path: `/api/manage/certificates/${ids.certificate}/reissue`,
      json: { reason: '别家换发' },
    },
    'GET /api/manage/reports/learners/{id}': { path: `/api/manage/reports/learners/${ids.learner}` },
    'GET /api/manage/archives/person/{file}': { path: `/api/manage/archives/person/${ids.learner}.pdf` },
    'POST /api/manage/archives/class/{classId}': { path: `/api/manage/archives/class/${ids.class}` },
    'GET /api/manage/archives/class/{classId}/status': { path: `/api/manage/archives/class/${ids.class}/status` },
    'GET /api/manage/archives/class/{file}': { path: `/api/manage/archives/class/${ids.class}.zip` },
    'GET /api/manage/exam-attempts/{id}': { path: `/api/manage/exam-attempts/${ids.attempt}` },
    'PUT /api/manage/notices/{id}': { path: `/api/manage/notices/${ids.notice}`, json: { title: '改名' } },
    'POST /api/manage/notices/{id}/withdraw': { path: `/api/manage/notices/${ids.notice}/withdraw` },
    'POST /api/manage/notices/{id}/republish': { path: `/api/manage/notices/${ids.notice}/republish` },
  };
}

describe.each(dialects)('the console across organisations on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let otherAdmin: string;
  let ids: Ids;
  let table: ReturnType<typeof calls>;
  const as = (token: string) => ({ Authorization: token });
  /** What this organisation holds, read back after the other organisation's calls. */
  const snapshot = async () => ({
    departments: await server.ctx.db.selectFrom('departments').select(['id', 'name']).orderBy('id').execute(),
    persons: await server.ctx.db
      .selectFrom('persons')
      .select(['id', 'name', 'disabled_at', 'pending_since', 'password_hash'])
      .orderBy('id')
      .execute(),
    classes: await server.ctx.db
      .selectFrom('train_classes')
      .select(['id', 'name', 'closed_at'])
      .orderBy('id')
      .execute(),
    members: await server.ctx.db.selectFrom('train_persons').select(['id', 'class_id']).orderBy('id').execute(),
    enquiries: await server.ctx.db.selectFrom('intended_persons').select(['id', 'status', 'person_id']).execute(),
    notices: await server.ctx.db.selectFrom('announcements').select(['id', 'title', 'withdrawn_at']).execute(),
    references: await server.ctx.db.selectFrom('face_references').select(['person_id']).execute(),
    questions: await server.ctx.db
      .selectFrom('questions')
      .select(['id', 'retired_at', 'image_file_id'])
      .orderBy('id')
      .execute(),
    units: await server.ctx.db.selectFrom('course_warps').select(['id', 'title', 'sort_order']).orderBy('id').execute(),
    jobs: await server.ctx.db.selectFrom('jobs').select(['id', 'status']).orderBy('id').execute(),
    papers: await server.ctx.db.selectFrom('exam_papers').selectAll().execute(),
    certificates: await server.ctx.db.selectFrom('certificates').select(['id', 'number', 'status']).execute(),
    archiveJobs: await server.ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'archive.class').execute(),
    reviews: await server.ctx.db.selectFrom('face_check_reviews').selectAll().execute(),
    shared: await server.ctx.db.selectFrom('org_shared_books').selectAll().execute(),
    books: await server.ctx.db
      .selectFrom('course_books')
      .select(['id', 'name', 'status', 'retired_at'])
      .orderBy('id')
      .execute(),
  });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10011', '另一家单位');
    await addLearner(server, { account: 'other-admin11', password: 'other1234', role: 'admin', orgCode: '10011' });
    otherAdmin = (await login(server, 'other-admin11', 'other1234')).body.data.credentials.accessToken;
    const post = async (path: string, json: unknown) => {
      const res = await server.request('POST', path, { json, headers: as(admin) });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.body.data;
    };
    const department = (await post('/api/manage/departments', { name: '安全部' })).id;
    const learner = (
      await post('/api/manage/learners', { name: '周安全', idCard: '11010519491231002X', departmentId: department })
    ).learner.id;
    const pending = await addLearner(server, { account: 'waiting', password: 'waiting1234' });
    await server.ctx.db.updateTable('persons').set({ pending_since: Date.now() }).where('id', '=', pending).execute();
    const book = await server.ctx.db.selectFrom('course_books').select('id').executeTakeFirstOrThrow();
    const cls = (await post('/api/manage/classes', { name: '跨单位测试班', bookIds: [book.id], rules: RULES })).id;
    await post(`/api/manage/classes/${cls}/enrol`, { personIds: [learner] });
    const member = (await server.request('GET', `/api/manage/classes/${cls}/members`, { headers: as(admin) })).body.data
      .records[0].trainPersonId;
    await server.request('POST', '/api/train/intendedPerson/addNew-Intended', {
      json: { name: '刘工', phone: '13912345678', orgName: '某公司', OrgCode: '00000' },
    });
    const enquiry = (await server.request('GET', '/api/manage/enquiries', { headers: as(admin) })).body.data.records[0]
      .id;
    const notice = (await post('/api/manage/notices', { title: '本单位通知', content: '仅本单位', classId: cls })).id;
    const question = await server.ctx.db
      .selectFrom('questions')
      .select(['id', 'book_id'])
      .where('book_id', '=', book.id)
      .executeTakeFirstOrThrow();
    const unit = await server.ctx.db
      .selectFrom('course_warps')
      .select('id')
      .where('book_id', '=', book.id)
      .executeTakeFirstOrThrow();
    // a failed upload of this organisation's, and an unfinished tus upload
    const { enqueueJob } = await import('../infra/job-queue.js');
    const uploadJob = await enqueueJob(
      server.ctx.db,
      { kind: 'courseware.transcode', orgId: null, subjectId: book.id, payload: {}, createdBy: null },
      Date.now(),
    );
    const org = await server.ctx.db
      .selectFrom('organisations')
      .select('id')
      .where('code', '=', '00000')
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .updateTable('jobs')
      .set({ status: 'failed', org_id: org.id, error: '测试' })
      .where('id', '=', uploadJob)
      .execute();
    const created = await fetch(`${server.baseUrl}/api/manage/uploads`, {
      method: 'POST',
      headers: {
        ...as(admin),
        ...TUS,
        'Upload-Length': '1000',
        'Upload-Metadata': `filename ${Buffer.from('a.mp4').toString('base64')},bookId ${Buffer.from(book.id).toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const tusUpload = created.headers.get('location')!.split('/').pop()!;
    // an exam the demo learner handed in
    const learnerToken = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials
      .accessToken;
    const demoClassCourse = await server.ctx.db
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .select('pc.class_course_id')
      .where('p.account', '=', DEMO_LEARNER.account)
      .executeTakeFirstOrThrow();
    const paper = await server.request('POST', '/api/exam/mock/start', {
      json: { trainClassCourseId: demoClassCourse.class_course_id },
      headers: as(learnerToken),
    });
    expect(paper.status, paper.text).toBe(200);
    await server.request('POST', '/api/exam/mock/submit', {
      json: { attemptId: paper.body.data.attemptId, answers: {} },
      headers: as(learnerToken),
    });
    ids = {
      department,
      learner,
      pending,
      class: cls,
      member,
      enquiry,
      notice,
      book: book.id,
      question: question.id,
      unit: unit.id,
      uploadJob,
      tusUpload,
      attempt: paper.body.data.attemptId,
      check: await (async () => {
        // a failed face check of this organisation's member, as the identity feature records one
        const id = crypto.randomUUID();
        const now = Date.now();
        await server.ctx.db
          .insertInto('face_checks')
          .values({
            id,
            person_id: learner,
            train_person_id: member,
            kind: 'random',
            status: 'failed',
            session_id: 'cross-org',
            warp_course_id: null,
            due_at: now,
            window_ends_at: now + 120_000,
            best_score: 0.2,
            passed_at: null,
            next_after_seconds: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return id;
      })(),
      certificate: await (async () => {
        // a certificate of this organisation's, as the certificates feature issues one
        const id = crypto.randomUUID();
        await server.ctx.db
          .insertInto('certificates')
          .values({
            id,
            number: 'AX2026CROSSORG',
            verify_code: 'ABCDEF',
            person_id: learner,
            train_person_id: member,
            org_id: org.id,
            person_name: '周安全',
            class_name: '跨单位测试班',
            hours: 1,
            issued_at: Date.now(),
            status: 'valid',
            revoked_at: null,
            revoke_reason: null,
            printed_at: null,
          })
          .execute();
        return id;
      })(),
      classCourse: (
        await server.ctx.db
          .selectFrom('train_class_courses')
          .select('id')
          .where('class_id', '=', cls)
          .executeTakeFirstOrThrow()
      ).id,
    };
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('名单');
    ws.addRow(['身份证号']);
    ws.addRow([DEMO_LEARNER.idCard]);
    const sheet = Buffer.from(await workbook.xlsx.writeBuffer());
    const { facePhotos } = await import('../../test/face-photos.js');
    const bank = new ExcelJS.Workbook();
    const qs = bank.addWorksheet('试题');
    qs.addRow(['题型', '题干', '选项A', '选项B', '答案']);
    qs.addRow(['单选题', '别家导入的题', '甲', '乙', 'A']);
    table = calls(ids, sheet, facePhotos.hopper(), Buffer.from(await bank.xlsx.writeBuffer()));
  });
  afterAll(() => server.close());

  it('names every console route that takes an id', async () => {
    const doc = (await server.request('GET', '/api/docs/json')).body as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    const withIds = Object.entries(doc.paths)
      // the platform operator's routes (organisations) span organisations by design
      .filter(([path]) => path.startsWith('/api/manage/') && path.includes('{'))
      .filter(([path]) => !path.startsWith('/api/manage/organisations'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(withIds.sort()).toEqual(Object.keys(table).sort());
  });

  it("answers 404 to another organisation's manager on each, and changes nothing", async () => {
    const before = await snapshot();
    for (const [route, call] of Object.entries(table)) {
      const method = route.split(' ')[0]!;
      const res = await server.request(method, call.path, {
        headers: { ...as(otherAdmin), ...call.headers },
        ...(call.json !== undefined ? { json: call.json } : {}),
        ...(call.body ? { body: call.body } : {}),
      });
      expect(res.status, `${route}: ${res.text}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 to the platform operator on an organisation's own books, units, uploads and questions", async () => {
    const operator = (await login(server, DEMO_OPERATOR.account, DEMO_OPERATOR.password)).body.data.credentials
      .accessToken;
    const before = await snapshot();
    const bookRoutes = Object.entries(table).filter(([route]) =>
      /^\S+ \/api\/manage\/(course-books|course-units|course-uploads|uploads|question-books|questions)\//.test(route),
    );
    expect(bookRoutes.length).toBeGreaterThanOrEqual(19);
    for (const [route, call] of bookRoutes) {
      const method = route.split(' ')[0]!;
      const res = await server.request(method, call.path, {
        headers: { ...as(operator), ...call.headers },
        ...(call.json !== undefined ? { json: call.json } : {}),
        ...(call.body ? { body: call.body } : {}),
      });
      expect(res.status, `${route}: ${res.text}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("keeps this organisation's records out of the other's lists and out of its own writes", async () => {
    for (const path of [
      '/api/manage/learners',
      '/api/manage/classes',
      '/api/manage/enquiries',
      '/api/manage/notices',
      '/api/manage/audit',
    ]) {
      const res = await server.request('GET', path, { headers: as(otherAdmin) });
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(ids.learner);
      expect(res.text, path).not.toContain(ids.class);
    }
    const departments = await server.request('GET', '/api/manage/departments', { headers: as(otherAdmin) });
    expect(departments.body.data).toEqual([]);
    // the other organisation's own writes cannot reach into this one
    const intoDepartment = await server.request('POST', '/api/manage/learners', {
      json: { name: '别家人', idCard: '110105198506150030', departmentId: ids.department },
      headers: as(otherAdmin),
    });
    expect(intoDepartment.status).toBe(404);
    const underDepartment = await server.request('POST', '/api/manage/departments', {
      json: { name: '下级', parentId: ids.department },
      headers: as(otherAdmin),
    });
    expect(underDepartment.status).toBe(404);
  });
});
