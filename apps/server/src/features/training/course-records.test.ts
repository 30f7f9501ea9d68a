import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

/**
 * One membership, one course record, a class's syllabus, a course book's use state and the
 * learner's notes: each the learner's own, never another's.
 */
describe.each(dialects)('course records of one learner on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let token: string;
  let stranger: string;
  let myClass: { trainPersonId: string; trainClassId: string };
  let myCourse: { trainPersonCourseId: string; courseBookId: string; courseName: string };

  /** `auth` null: a guest */
  const get = (url: string, auth: string | null = token) =>
    server.request('GET', url, { headers: auth ? { Authorization: auth } : {} });
  const post = (url: string, json: unknown, auth = token) =>
    server.request('POST', url, { json, headers: { Authorization: auth } });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    await addLearner(server, { account: 'stranger', password: 'stranger-pass' });
    stranger = (await login(server, 'stranger', 'stranger-pass')).body.data.credentials.accessToken;
    myClass = (await get('/api/train/person/select-page')).body.data.records[0];
    myCourse = (await get(`/api/train/cls_course/select-page?trainPersonId=${myClass.trainPersonId}`)).body.data
      .records[0];
  });
  afterAll(() => server.close());

  it('gives one membership and one course record by id, to their owner only', async () => {
    const membership = await get(`/api/train/person/select/${myClass.trainPersonId}`);
    expect(membership.body.data).toMatchObject({ trainClassId: myClass.trainClassId, courseCount: 2 });
    const course = await get(`/api/train/cls_course/select/${myCourse.trainPersonCourseId}`);
    expect(course.body.data).toMatchObject({ courseName: myCourse.courseName, unitCount: 3, learnStatus: 0 });

    expect((await get(`/api/train/person/select/${myClass.trainPersonId}`, stranger)).status).toBe(404);
    expect((await get(`/api/train/cls_course/select/${myCourse.trainPersonCourseId}`, stranger)).status).toBe(404);
    expect((await get(`/api/train/cls_course/select/${myCourse.trainPersonCourseId}`, null)).status).toBe(401);
  });

  it("lists a class's courses with their units, for members only", async () => {
    const syllabus = await get(`/api/course/book/select-class-warp?trainClassId=${myClass.trainClassId}`);
    expect(syllabus.body.data.map((c: { courseName: string }) => c.courseName)).toEqual([
      '消防安全基础',
      '危险化学品安全',
    ]);
    expect(syllabus.body.data[0].units.map((u: { sortOrder: number }) => u.sortOrder)).toEqual([1, 2, 3]);
    const refused = await get(`/api/course/book/select-class-warp?trainClassId=${myClass.trainClassId}`, stranger);
    expect(refused.status).toBe(404);
    expect((await get('/api/course/book/select-class-warp')).status).toBe(400);
  });

  it("tells whether the learner studies a course book; a guest or a stranger doesn't", async () => {
    const url = `/api/course/book/select-course-use-State?courseBookId=${myCourse.courseBookId}`;
    const mine = await get(url);
    expect(mine.body.data.enrolled).toBe(true);
    expect(mine.body.data.records[0]).toMatchObject({ trainPersonCourseId: myCourse.trainPersonCourseId });
    expect((await get(url, stranger)).body.data).toEqual({ enrolled: false, records: [] });
    expect((await get(url, null)).body.data).toEqual({ enrolled: false, records: [] });
  });

  it('keeps the learner’s notes and refuses any attempt to set time, progress or score', async () => {
    const url = '/api/train/cls_person/update-PersonCourse';
    const notes = '灭火器要定期检查压力表。\n下次复习第二节。';
    const saved = await post(url, { trainPersonCourseId: myCourse.trainPersonCourseId, sysComments: notes });
    expect(saved.body.data.sysComments).toBe(notes);
    expect((await get(`/api/train/cls_course/select/${myCourse.trainPersonCourseId}`)).body.data.sysComments).toBe(
      notes,
    );

    const forged = await post(url, {
      trainPersonCourseId: myCourse.trainPersonCourseId,
      sysComments: 'x',
      studyTimeLen: 99,
      learnStatus: 2,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toContain('由系统根据学习记录计算');
    const after = (await get(`/api/train/cls_course/select/${myCourse.trainPersonCourseId}`)).body.data;
    expect(after).toMatchObject({ learnStatus: 0, studiedSeconds: 0, sysComments: notes });

    const tooLong = await post(url, {
      trainPersonCourseId: myCourse.trainPersonCourseId,
      sysComments: '长'.repeat(501),
    });
    expect(tooLong.body.msg).toBe('学习心得不能超过500个字');
    const notMine = await post(url, { trainPersonCourseId: myCourse.trainPersonCourseId, sysComments: 'hi' }, stranger);
    expect(notMine.status).toBe(404);
  });
});
