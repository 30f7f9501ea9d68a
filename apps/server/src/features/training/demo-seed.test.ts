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
    const courses = await db.selectFrom('train_person_courses').select('id').execute();
    expect(courses).toHaveLength(2);
  });
});
