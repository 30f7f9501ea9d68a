import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addLearner,
  dialects,
  dropSchema,
  enrolInDemoClass,
  login,
  openMigratable,
  startServer,
} from '../../test/harness.js';
import type { Db } from './database.js';

/** A learner's first unit record, with his membership. */
async function unitOf(db: Db, personId: string) {
  return db
    .selectFrom('train_warp_courses as wc')
    .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
    .select(['wc.id', 'wc.train_person_id', 'tp.joined_at'])
    .where('tp.person_id', '=', personId)
    .executeTakeFirstOrThrow();
}

describe.each(dialects)('study towards the next random face check on $name (0030)', ({ databaseUrl }) => {
  it('starts each membership from its events: credited seconds after its last pass, or since it joined', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-check-credit-'));
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    try {
      const server = await startServer({ dataDir, databaseUrl, ...(schema ? { schema } : {}) });
      const db = server.ctx.db;
      const passer = await addLearner(server, { account: 'passer', password: 'passer-pass' });
      const newcomer = await addLearner(server, { account: 'newcomer', password: 'newcomer-pass' });
      const idle = await addLearner(server, { account: 'idle', password: 'idle-pass' });
      for (const id of [passer, newcomer, idle]) await enrolInDemoClass(server, id);
      const [passerUnit, newcomerUnit] = [await unitOf(db, passer), await unitOf(db, newcomer)];
      const base = Math.max(passerUnit.joined_at, newcomerUnit.joined_at) + 1_000;
      let seq = 0;
      const event = (personId: string, warpCourseId: string, at: number, credited: number) => ({
        id: crypto.randomUUID(),
        person_id: personId,
        warp_course_id: warpCourseId,
        playback_id: 'p',
        seq: ++seq,
        reported_position: 0,
        reported_rate: 1,
        hidden: 0,
        credited_seconds: credited,
        refusal: credited > 0 ? null : 'HIDDEN',
        ip: '127.0.0.1',
        user_agent: null,
        request_id: null,
        created_at: at,
      });
      await db
        .insertInto('study_events')
        .values([
          // before his last pass: not towards the next check
          event(passer, passerUnit.id, base, 100),
          event(passer, passerUnit.id, base + 2_000, 7),
          event(passer, passerUnit.id, base + 10_000, 15),
          event(passer, passerUnit.id, base + 11_000, 0),
          event(passer, passerUnit.id, base + 12_000, 12.5),
          // at the very moment of the pass: before it, as the gate counted
          event(passer, passerUnit.id, base + 5_000, 40),
          // credit taken back by a voided check: the gate counted credited reports only
          { ...event(passer, passerUnit.id, base + 13_000, 0), credited_seconds: -12.5, refusal: 'VOIDED' },
          event(newcomer, newcomerUnit.id, base, 20),
          event(newcomer, newcomerUnit.id, base + 1_000, 0),
          event(newcomer, newcomerUnit.id, base + 2_000, 9.5),
        ])
        .execute();
      await login(server, 'passer', 'passer-pass');
      const session = await db
        .selectFrom('sessions')
        .select('id')
        .where('person_id', '=', passer)
        .executeTakeFirstOrThrow();
      const check = (passedAt: number, status: 'passed' | 'failed' | 'pending' = 'passed') => ({
        id: crypto.randomUUID(),
        person_id: passer,
        train_person_id: passerUnit.train_person_id,
        kind: 'random' as const,
        status,
        session_id: session.id,
        warp_course_id: passerUnit.id,
        due_at: passedAt - 1_000,
        window_ends_at: passedAt + 119_000,
        best_score: 0.9,
        passed_at: status === 'passed' ? passedAt : null,
        next_after_seconds: 300,
        flags: null,
        created_at: passedAt - 1_000,
        updated_at: passedAt,
      });
      await db
        .insertInto('face_checks')
        .values([
          check(base + 1_000),
          check(base + 5_000),
          check(base + 9_000, 'failed'),
          check(base + 11_500, 'pending'),
        ])
        .execute();
      await server.close();

      const { handle, migrator } = await openMigratable(dataDir, databaseUrl, schema);
      // as the release before left it: no running count, only the events
      expect((await migrator.migrateTo('0029-study-events-lean')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await handle.db
        .selectFrom('face_check_credit')
        .select(['train_person_id', 'seconds'])
        .orderBy('seconds')
        .execute();
      expect(rows).toEqual([
        { train_person_id: passerUnit.train_person_id, seconds: 27.5 },
        { train_person_id: newcomerUnit.train_person_id, seconds: 29.5 },
      ]);
      // a membership that leaves its class takes its count with it
      await handle.db.deleteFrom('study_events').where('person_id', '=', newcomer).execute();
      await handle.db
        .deleteFrom('train_warp_courses')
        .where('train_person_id', '=', newcomerUnit.train_person_id)
        .execute();
      await handle.db
        .deleteFrom('train_person_courses')
        .where('train_person_id', '=', newcomerUnit.train_person_id)
        .execute();
      await handle.db.deleteFrom('train_persons').where('id', '=', newcomerUnit.train_person_id).execute();
      expect(await handle.db.selectFrom('face_check_credit').select('train_person_id').execute()).toEqual([
        { train_person_id: passerUnit.train_person_id },
      ]);
      await handle.close();
    } finally {
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    }
  });
});
