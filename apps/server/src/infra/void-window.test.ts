import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialects, dropSchema, openMigratable, startServer } from '../../test/harness.js';
import { insertFaceCheck } from '../../test/face-check-rows.js';

describe.each(dialects)("a void's window on $name (0036)", ({ databaseUrl }) => {
  it('gives voids from before the moment each took credit back from, as the checks tell it then', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-void-window-'));
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    try {
      const server = await startServer({ dataDir, databaseUrl, ...(schema ? { schema } : {}) });
      const db = server.ctx.db;
      const member = await db
        .selectFrom('train_persons as tp')
        .innerJoin('persons as p', 'p.id', 'tp.person_id')
        .select(['tp.id', 'tp.person_id'])
        .where('p.account', '=', 'demo')
        .executeTakeFirstOrThrow();
      const t0 = Date.UTC(2026, 10, 2, 2);
      const passed = (at: number) =>
        insertFaceCheck(server, { personId: member.person_id, trainPersonId: member.id, status: 'passed', at });
      const first = await passed(t0 - 5000);
      const a = await passed(t0);
      const b = await passed(t0 + 1000);
      const c = await passed(t0 + 2000);
      const review = (checkId: string, at: number) =>
        db
          .insertInto('face_check_reviews')
          .values({
            check_id: checkId,
            decision: 'voided',
            reason: '代学',
            reviewed_by: member.person_id,
            reviewed_at: at,
          })
          .execute();
      // the first check voided: no trusted check before it
      await review(first.checkId, t0 + 500);
      // c voided while b still stood; b voided after that
      await review(c.checkId, t0 + 3000);
      await review(b.checkId, t0 + 5000);
      await db
        .insertInto('face_check_reviews')
        .values({
          check_id: a.checkId,
          decision: 'confirmed',
          reason: '本人',
          reviewed_by: member.person_id,
          reviewed_at: t0 + 6000,
        })
        .execute();
      await server.close();

      const { handle, migrator } = await openMigratable(dataDir, databaseUrl, schema);
      expect((await migrator.migrateTo('0035-account-case-unique')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const since = Object.fromEntries(
        (await handle.db.selectFrom('face_check_reviews').select(['check_id', 'voided_since']).execute()).map((r) => [
          r.check_id,
          r.voided_since === null ? null : Number(r.voided_since),
        ]),
      );
      expect(since).toEqual({ [first.checkId]: 0, [c.checkId]: t0 + 1000, [b.checkId]: t0, [a.checkId]: null });
      await handle.close();
    } finally {
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    }
  });
});
