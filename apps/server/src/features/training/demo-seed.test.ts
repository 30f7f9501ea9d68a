import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLASS_NAME } from '../../seed/demo-learning-seed.js';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { dialects, startServer, type TestServer } from '../../../test/harness.js';

describe.each(dialects)('demo class on $name', ({ databaseUrl }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ databaseUrl });
  });
  afterAll(() => server.close());

  it('enrols the demo learner in a class of two course books with real video units', async () => {
    const db = server.ctx.db;
    const rows = await db
      .selectFrom('train_warp_courses as wc')
      .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
      .innerJoin('course_warps as w', 'w.id', 'wc.warp_id')
      .innerJoin('vods as v', 'v.id', 'w.vod_id')
      .select(['c.name as className', 'wc.book_id', 'w.title', 'v.storage_key', 'v.duration_seconds', 'v.size'])
      .where('p.account', '=', DEMO_LEARNER.account)
      .execute();
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.book_id)).size).toBe(2);
    expect(rows.every((r) => r.className === DEMO_CLASS_NAME && r.duration_seconds > 20)).toBe(true);
    for (const row of rows) {
      const stream = await server.ctx.files.read(row.storage_key);
      expect(stream, row.title).toBeDefined();
      stream?.destroy();
    }
    const courses = await db
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_persons as tp', 'tp.id', 'pc.train_person_id')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .select('pc.id')
      .where('p.account', '=', DEMO_LEARNER.account)
      .execute();
    expect(courses).toHaveLength(2);
  });

  it('gives the class classmates who commented on and discussed its courses, and who cannot log in', async () => {
    const db = server.ctx.db;
    const members = await db.selectFrom('train_persons').select('person_id').execute();
    expect(members.length).toBe(5);
    const comments = await db.selectFrom('course_comments').select(['rating', 'book_id']).execute();
    expect(new Set(comments.map((c) => c.book_id)).size).toBe(2);
    expect(comments.every((c) => c.rating >= 1 && c.rating <= 5)).toBe(true);
    const threads = await db.selectFrom('course_answers').select('parent_id').execute();
    expect(threads.filter((t) => t.parent_id === null).length).toBe(2);
    const classmates = await db
      .selectFrom('persons')
      .select(['account', 'phone'])
      .where('account', 'is', null)
      .execute();
    expect(classmates).toHaveLength(4);
    expect(classmates.every((c) => c.phone === null)).toBe(true);
  });
});
