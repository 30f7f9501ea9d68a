import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects, dropSchema, openMigratable, startServer } from '../../test/harness.js';
import { isForeignKeyViolation } from '../core/db-errors.js';
import type { Db, Dialect } from './database.js';

async function eventIndexes(db: Db, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'study_events' and schemaname = current_schema()`.execute(
            db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'study_events' and sql is not null`.execute(
            db,
          )
        ).rows;
  return rows.map((r) => r.name).sort();
}

/** The tables study_events' foreign keys point to, by column. */
async function eventKeys(db: Db, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? (
          await sql<{ key: string }>`select a.attname || ' -> ' || c.confrelid::regclass::text as key
            from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
            where c.conrelid = 'study_events'::regclass and c.contype = 'f'`.execute(db)
        ).rows
      : (
          await sql<{ key: string }>`select "from" || ' -> ' || "table" as key
            from pragma_foreign_key_list('study_events')`.execute(db)
        ).rows;
  return rows.map((r) => r.key).sort();
}

/** Every event, in the columns 0029 knew (0047 adds the session). */
const allEvents = async (db: Db) =>
  (await db.selectFrom('study_events').selectAll().orderBy('id').execute()).map(({ session_id: _, ...e }) => e);

describe.each(dialects)('study events without a learner index on $name (0029)', ({ name, databaseUrl }) => {
  it('keeps every event and its unit key through the change, and reads no longer need the learner index', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-events-'));
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    try {
      const server = await startServer({ dataDir, databaseUrl, ...(schema ? { schema } : {}) });
      const db = server.ctx.db;
      const units = await db
        .selectFrom('train_warp_courses as wc')
        .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
        .select(['wc.id', 'tp.person_id'])
        .limit(2)
        .execute();
      expect(units.length).toBe(2);
      const base = Date.now();
      await db
        .insertInto('study_events')
        .values(
          units.flatMap((u, i) =>
            [0, 1].map((k) => ({
              id: crypto.randomUUID(),
              person_id: u.person_id,
              warp_course_id: u.id,
              playback_id: crypto.randomUUID(),
              seq: k + 1,
              reported_position: 10.5 * (k + 1),
              reported_rate: 1,
              hidden: k,
              credited_seconds: k === 0 ? 10.25 : 0,
              refusal: k === 0 ? null : 'HIDDEN',
              ip: '10.0.0.1',
              user_agent: k === 0 ? 'Mozilla/5.0 测试' : null,
              request_id: k === 0 ? `req-${i}` : null,
              created_at: base + i * 10 + k,
            })),
          ),
        )
        .execute();
      const before = await allEvents(db);
      await server.close();

      // as a database of the release before left it: the learner index there
      const { handle, migrator } = await openMigratable(dataDir, databaseUrl, schema);
      expect((await migrator.migrateTo('0028-id-card-sealed')).error).toBeUndefined();
      expect(await eventIndexes(handle.db, handle.dialect)).toContain('study_events_person_idx');
      expect(await eventKeys(handle.db, handle.dialect)).toEqual([
        'person_id -> persons',
        'warp_course_id -> train_warp_courses',
      ]);
      expect(await allEvents(handle.db)).toEqual(before);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const indexes = await eventIndexes(handle.db, handle.dialect);
      expect(indexes).not.toContain('study_events_person_idx');
      expect(indexes).toEqual(expect.arrayContaining(['study_events_time_idx', 'study_events_warp_course_idx']));
      expect(await eventKeys(handle.db, handle.dialect)).toEqual(['warp_course_id -> train_warp_courses']);
      expect(await allEvents(handle.db)).toEqual(before);
      // an event still belongs to a unit record that exists
      const orphan = await handle.db
        .insertInto('study_events')
        .values({ ...before[0]!, id: crypto.randomUUID(), warp_course_id: crypto.randomUUID() })
        .execute()
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(isForeignKeyViolation(orphan)).toBe(true);
      // a membership's events (the reports' sums per unit, sumCreditByUnit's shape) are found
      // through its unit records, not by a scan of every event
      if (name === 'sqlite') {
        const plan = await sql<{ detail: string }>`explain query plan
          select e.warp_course_id, sum(e.credited_seconds) from study_events e
          join train_warp_courses w on w.id = e.warp_course_id
          where w.train_person_id in ('x', 'y') group by e.warp_course_id`.execute(handle.db);
        expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/SEARCH e USING INDEX study_events_warp_course_idx/);
      }
      await handle.close();
    } finally {
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    }
  });
});
