import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, dialects, enrolInDemoClass, login, startServer, type TestServer } from '../../../test/harness.js';

describe.each(dialects)('course comments and discussion on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let token: string;
  let outsider: string;
  let bookId: string;

  const as = (auth: string | null): Record<string, string> => (auth ? { Authorization: auth } : {});
  const get = (url: string, auth: string | null = token) => server.request('GET', url, { headers: as(auth) });
  const post = (url: string, json: unknown, auth: string | null = token) =>
    server.request('POST', url, { json, headers: as(auth) });
  const del = (url: string, auth: string | null = token) => server.request('DELETE', url, { headers: as(auth) });

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      configure: (config) => {
        config.rateLimits.postPerPerson = { points: 12, durationSeconds: 60 };
      },
    });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
    await addLearner(server, { account: 'outsider', password: 'outsider-pass' });
    outsider = (await login(server, 'outsider', 'outsider-pass')).body.data.credentials.accessToken;
    bookId = (await get('/api/course/book/select-page')).body.data.records[0].courseBookId;
    // start from no posts (the demo seed's classmates have written some)
    await server.ctx.db.deleteFrom('course_answers').execute();
    await server.ctx.db.deleteFrom('course_comments').execute();
  });
  afterAll(() => server.close());

  it('lets a learner of the course rate it once, replace the rating, and delete it', async () => {
    const first = await post('/api/online/cmtion/submit', { courseBookId: bookId, rating: 4, content: '讲得清楚' });
    expect(first.body.data).toMatchObject({ rating: 4, content: '讲得清楚', authorName: '张安全', mine: true });
    const again = await post('/api/online/cmtion/submit', {
      courseBookId: bookId,
      rating: 5,
      content: '复习后更清楚了',
    });
    expect(again.body.data.id).toBe(first.body.data.id);

    const page = await get(`/api/online/cmtion/select-page?courseBookId=${bookId}`);
    expect(page.body.data).toMatchObject({ total: 1, averageRating: 5 });
    expect(page.body.data.records[0]).toMatchObject({ content: '复习后更清楚了', mine: true });
    // a guest reads it too, with the name masked and nothing marked as theirs
    const guest = await get(`/api/online/cmtion/select-page?courseBookId=${bookId}`, null);
    expect(guest.body.data.records[0]).toMatchObject({ authorName: '张**', mine: false });
    expect(guest.body.data.mine).toBeNull();
    // his own comment comes with every page, also one it is not on (his form shows it there)
    const later = await get(`/api/online/cmtion/select-page?courseBookId=${bookId}&current=2&size=10`);
    expect(later.body.data.records).toEqual([]);
    expect(later.body.data.mine).toMatchObject({
      id: first.body.data.id,
      rating: 5,
      content: '复习后更清楚了',
      mine: true,
    });
    expect(JSON.stringify(guest.body)).not.toContain(DEMO_LEARNER.name);

    expect((await del(`/api/online/cmtion/delete/${first.body.data.id}`, outsider)).status).toBe(404);
    expect((await del(`/api/online/cmtion/delete/${first.body.data.id}`)).body.data).toEqual({ deleted: true });
    const emptied = (await get(`/api/online/cmtion/select-page?courseBookId=${bookId}`)).body.data;
    expect(emptied).toMatchObject({ total: 0, mine: null });
  });

  it('refuses comments from someone who does not study the course, and bad ratings or text', async () => {
    const outside = await post(
      '/api/online/cmtion/submit',
      { courseBookId: bookId, rating: 5, content: '好' },
      outsider,
    );
    expect(outside.status).toBe(403);
    expect(outside.body.msg).toBe('参加本课程学习后才能评价');
    expect(
      (await post('/api/online/cmtion/submit', { courseBookId: bookId, rating: 5, content: '好' }, null)).status,
    ).toBe(401);
    const bad = [
      [{ courseBookId: bookId, rating: 6, content: '好' }, '评分为1到5星'],
      [{ courseBookId: bookId, rating: 3, content: '   ' }, '请输入评价内容'],
      [{ courseBookId: bookId, rating: 3, content: '长'.repeat(501) }, '评价内容不能超过500个字'],
      [{ courseBookId: bookId, rating: 3, content: 'a\u0000b' }, '不能包含控制字符'],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await post('/api/online/cmtion/submit', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    const unknownBook = await post('/api/online/cmtion/submit', {
      courseBookId: '00000000-0000-4000-8000-000000000000',
      rating: 3,
      content: '好',
    });
    expect(unknownBook.status).toBe(404);
  });

  it('stores markup as the text it is', async () => {
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await post('/api/online/cmtion/submit', { courseBookId: bookId, rating: 3, content: markup });
    const page = await get(`/api/online/cmtion/select-page?courseBookId=${bookId}`);
    expect(page.body.data.records[0].content).toBe(markup);
    expect(page.headers.get('content-type')).toContain('application/json');
  });

  it('shows the organisation’s best comments on the home page', async () => {
    const best = await get('/api/online/cmtion/select-page?minRating=3&size=5', null);
    expect(best.body.data.records.every((c: { rating: number }) => c.rating >= 3)).toBe(true);
    expect(best.body.data.records[0]).toMatchObject({ courseBookId: bookId, courseName: expect.any(String) });
    expect((await get('/api/online/cmtion/select-page?OrgCode=99999', null)).status).toBe(404);
  });

  it('runs a discussion: a question, answers, edits and deletes by their authors only', async () => {
    const question = await post('/api/online/answers/submit', {
      courseBookId: bookId,
      content: '干粉灭火器能扑灭电器火灾吗？',
    });
    expect(question.body.data).toMatchObject({ parentId: null, mine: true });
    const qid: string = question.body.data.id;

    // someone outside the course cannot answer; a learner can
    expect(
      (await post('/api/online/answers/submit', { courseBookId: bookId, parentId: qid, content: '能' }, outsider))
        .status,
    ).toBe(403);
    await enrolInDemoClass(server, await addLearner(server, { account: 'classmate', password: 'classmate-pass' }));
    const classmate = (await login(server, 'classmate', 'classmate-pass')).body.data.credentials.accessToken;
    const answer = await post(
      '/api/online/answers/submit',
      { courseBookId: bookId, parentId: qid, content: '可以，先断电更安全。' },
      classmate,
    );
    expect(answer.body.data).toMatchObject({ parentId: qid, mine: true });

    // answers are one level deep
    const nested = await post('/api/online/answers/submit', {
      courseBookId: bookId,
      parentId: answer.body.data.id,
      content: '谢谢',
    });
    expect(nested.status).toBe(404);

    // only the author edits or deletes
    const steal = await post('/api/online/answers/update', { id: answer.body.data.id, content: '改掉' });
    expect(steal.status).toBe(404);
    const edit = await post('/api/online/answers/update', { id: qid, content: '干粉灭火器能扑灭带电设备火灾吗？' });
    expect(edit.body.data.content).toBe('干粉灭火器能扑灭带电设备火灾吗？');

    // deleting a question keeps its answer readable
    expect((await del(`/api/online/answers/delete/${qid}`)).body.data).toEqual({ deleted: true });
    const threads = await get(`/api/online/answers/select-page?courseBookId=${bookId}`, null);
    expect(threads.body.data.total).toBe(1);
    expect(threads.body.data.records[0]).toMatchObject({ deleted: true, content: '' });
    expect(threads.body.data.records[0].replies).toEqual([
      expect.objectContaining({ content: '可以，先断电更安全。', authorName: 'c********', mine: false }),
    ]);

    // once its last answer goes, the deleted question leaves the list
    await del(`/api/online/answers/delete/${answer.body.data.id}`, classmate);
    expect((await get(`/api/online/answers/select-page?courseBookId=${bookId}`)).body.data.total).toBe(0);
  });

  it('limits how fast one person posts', async () => {
    let limited: { status: number; body: { code: number } } | undefined;
    for (let i = 0; i < 15 && !limited; i++) {
      const res = await post('/api/online/answers/submit', { courseBookId: bookId, content: `问题 ${i}` });
      if (res.status === 429) limited = res;
    }
    expect(limited?.body.code).toBe(ErrorCode.RATE_LIMITED);
  });
});
