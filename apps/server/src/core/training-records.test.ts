import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, enrolInDemoClass, startServer, type TestServer } from '../../test/harness.js';
import { saveCourseProgress } from './training-records.repository.js';

/**
 * A credit batch writes every course record it changed as a table of values (one statement
 * on PostgreSQL, chunks of 128, 64, … rows on SQLite): each row gets its own values (across
 * the chunks' boundaries), a cleared end time is written as cleared, and records outside the
 * batch stay as they were.
 */
describe.each(dialects)('course records saved by a credit batch on $name', ({ databaseUrl }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    const db = server.ctx.db;
    const org = await db.selectFrom('organisations').select('id').executeTakeFirstOrThrow();
    const now = Date.now();
    for (let i = 0; i < 110; i++) {
      const id = crypto.randomUUID();
      await db
        .insertInto('persons')
        .values({
          id,
          org_id: org.id,
          role: 'learner',
          account: `batch-${i}`,
          name: `batch-${i}`,
          id_card_enc: null,
          id_card_index: null,
          phone: null,
          password_hash: 'x',
          avatar_file_id: null,
          failed_logins: 0,
          locked_until: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await enrolInDemoClass(server, id);
    }
  });
  afterAll(() => server.close());

  it('writes each of 200+ records its own values and leaves the others alone', async () => {
    const db = server.ctx.db;
    const all = await db.selectFrom('train_person_courses').select(['id', 'studied_seconds']).orderBy('id').execute();
    const changed = all.slice(0, 230);
    const untouched = all.slice(230);
    expect(changed.length).toBe(230);
    // a record that had ended: the batch clears its end time
    await db.updateTable('train_person_courses').set({ end_time: 1 }).where('id', '=', changed[7]!.id).execute();
    await saveCourseProgress(
      db,
      server.ctx.dialect,
      changed.map((c, i) => ({
        id: c.id,
        studied_seconds: i + 0.5,
        learn_status: i % 3,
        start_time: 1_000 + i,
        last_learn_date: 2_000_000_000_000 + i,
        end_time: i % 2 === 0 ? 3_000 + i : null,
      })),
    );
    const rows = await db
      .selectFrom('train_person_courses')
      .select(['id', 'studied_seconds', 'learn_status', 'start_time', 'last_learn_date', 'end_time'])
      .orderBy('id')
      .execute();
    rows.slice(0, 230).forEach((r, i) =>
      expect(r).toEqual({
        id: changed[i]!.id,
        studied_seconds: i + 0.5,
        learn_status: i % 3,
        start_time: 1_000 + i,
        last_learn_date: 2_000_000_000_000 + i,
        end_time: i % 2 === 0 ? 3_000 + i : null,
      }),
    );
    expect(rows.slice(230).map((r) => r.studied_seconds)).toEqual(untouched.map((u) => u.studied_seconds));
  });
});
