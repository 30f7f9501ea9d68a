import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LearnStatus } from '@anxun/shared/constants';
import { describe, expect, it } from 'vitest';
import { dialects, dropSchema, openMigratable, startServer } from '../../test/harness.js';

describe.each(dialects)('courses whose exam was sat before study, on $name (0040)', ({ databaseUrl }) => {
  it('are marked begun (学习中), and only they', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-exam-begun-'));
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    try {
      const server = await startServer({ dataDir, databaseUrl, ...(schema ? { schema } : {}) });
      const courses = await server.ctx.db
        .selectFrom('train_person_courses')
        .select('id')
        .where('learn_status', '=', LearnStatus.NOT_STARTED)
        .orderBy('id')
        .execute();
      expect(courses.length).toBeGreaterThanOrEqual(2);
      const [sat, untouched] = [courses[0]!.id, courses[1]!.id];
      // as a hand-in left it before this release: a score, and still 未开始
      await server.ctx.db.updateTable('train_person_courses').set({ sys_score: 40 }).where('id', '=', sat).execute();
      await server.close();

      const { handle, migrator } = await openMigratable(dataDir, databaseUrl, schema);
      expect((await migrator.migrateTo('0039-organisation-disabled')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const status = Object.fromEntries(
        (
          await handle.db
            .selectFrom('train_person_courses')
            .select(['id', 'learn_status'])
            .where('id', 'in', [sat, untouched])
            .execute()
        ).map((r) => [r.id, Number(r.learn_status)]),
      );
      expect(status).toEqual({ [sat]: LearnStatus.STUDYING, [untouched]: LearnStatus.NOT_STARTED });
      await handle.close();
    } finally {
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    }
  });
});
