import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLASS_NAME } from '../../seed/demo-learning-seed.js';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

describe.each(dialects)('my classes and courses on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('lists the demo class with its two courses and their 学时', async () => {
    const classes = await server.request('GET', '/api/train/person/select-page', { headers: { Authorization: token } });
    expect(classes.body.data.total).toBe(1);
    const cls = classes.body.data.records[0];
    // the demo class checks faces: 我的学习 asks for a reference photo before he plays
    expect(cls).toMatchObject({
      className: DEMO_CLASS_NAME,
      courseCount: 2,
      completedCourses: 0,
      progress: 0,
      checksFaces: true,
    });
    expect(cls.requiredHours).toBeGreaterThan(0);

    const courses = await server.request(
      'GET',
      `/api/train/cls_course/select-page?trainPersonId=${cls.trainPersonId}`,
      {
        headers: { Authorization: token },
      },
    );
    expect(courses.body.data.records.map((c: { courseName: string }) => c.courseName)).toEqual([
      '消防安全基础',
      '危险化学品安全',
    ]);
    expect(courses.body.data.records[0]).toMatchObject({ unitCount: 3, completedUnits: 0, learnStatus: 0 });
  });

  it('says whether the class is within its training period, before he plays', async () => {
    const periodOf = async () =>
      (await server.request('GET', '/api/train/person/select-page', { headers: { Authorization: token } })).body.data
        .records[0].period;
    expect(await periodOf()).toBe('open');
    const {
      class_id: classId,
      start_date,
      end_date,
      closed_at,
    } = await server.ctx.db
      .selectFrom('train_persons as tp')
      .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
      .select(['tp.class_id', 'c.start_date', 'c.end_date', 'c.closed_at'])
      .executeTakeFirstOrThrow();
    const set = (values: { start_date?: number | null; end_date?: number | null; closed_at?: number | null }) =>
      server.ctx.db.updateTable('train_classes').set(values).where('id', '=', classId).execute();
    const day = 86_400_000;
    await set({ start_date: Date.now() + 3 * day, end_date: Date.now() + 10 * day });
    expect(await periodOf()).toBe('before');
    await set({ start_date: Date.now() - 10 * day, end_date: Date.now() - 3 * day });
    expect(await periodOf()).toBe('after');
    await set({ start_date: Date.now() + 3 * day, end_date: Date.now() + 10 * day, closed_at: Date.now() });
    expect(await periodOf()).toBe('after'); // closed by its manager before it began
    await set({ start_date, end_date, closed_at });
    expect(await periodOf()).toBe('open');
  });

  it("refuses another learner's class", async () => {
    const mine = await server.request('GET', '/api/train/person/select-page', { headers: { Authorization: token } });
    await addLearner(server, { account: 'nosy', password: 'nosy-pass' });
    const other = (await login(server, 'nosy', 'nosy-pass')).body.data.credentials.accessToken;
    const res = await server.request(
      'GET',
      `/api/train/cls_course/select-page?trainPersonId=${mine.body.data.records[0].trainPersonId}`,
      { headers: { Authorization: other } },
    );
    expect(res.status).toBe(404);
    const own = await server.request('GET', '/api/train/person/select-page', { headers: { Authorization: other } });
    expect(own.body.data).toEqual({ records: [], total: 0 });
  });

  it('gives class detail, class info with masked classmates, and the to-do list', async () => {
    const mine = await server.request('GET', '/api/train/person/select-page', { headers: { Authorization: token } });
    const classId: string = mine.body.data.records[0].trainClassId;
    const detail = await server.request('GET', `/api/train/class/select/${classId}`, {
      headers: { Authorization: token },
    });
    expect(detail.body.data).toMatchObject({
      className: DEMO_CLASS_NAME,
      rules: { faceCheck: { enabled: true, atStart: true } },
    });
    const info = await server.request('GET', `/api/train/person/select-class-info/${classId}`, {
      headers: { Authorization: token },
    });
    expect(info.body.data).toMatchObject({ learnerCount: 5, activity: { activeLearners: 0, studySeconds: 0 } });
    // the demo learner joined last; the seeded classmates before
    expect(info.body.data.newestLearners.map((m: { name: string }) => m.name)).toEqual([
      '张**',
      '陈*',
      '赵*',
      '王*',
      '李*',
    ]);
    const persons = await server.request('POST', '/api/train/cls_person/find-Person', {
      json: { trainClassId: classId },
      headers: { Authorization: token },
    });
    expect(persons.body.data).toHaveLength(1);
    const tasks = await server.request('POST', '/api/train/cls_person/find-Person-Task', {
      json: {},
      headers: { Authorization: token },
    });
    expect(tasks.body.data).toHaveLength(2);
    const other = (await login(server, 'nosy', 'nosy-pass')).body.data.credentials.accessToken;
    expect(
      (await server.request('GET', `/api/train/class/select/${classId}`, { headers: { Authorization: other } })).status,
    ).toBe(404);
  });

  it("shows the organisation's newest learners to anyone, names masked", async () => {
    const res = await server.request('GET', '/api/train/person/select-newest?size=5');
    expect(res.body.data).toHaveLength(5);
    expect(res.body.data[0]).toEqual({ name: '张**', className: DEMO_CLASS_NAME, joinedAt: expect.any(String) });
    expect(res.text).not.toContain(DEMO_LEARNER.name);
    expect((await server.request('GET', '/api/train/person/select-newest?size=500')).status).toBe(400);
  });
});
