import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialects, dropSchema, openMigratable, startServer } from '../../test/harness.js';
import { isUniqueViolation } from '../core/db-errors.js';

describe.each(dialects)('accounts unique without regard to case on $name (0035)', ({ databaseUrl }) => {
  it('migrates a database already holding "DEMO" beside "demo", which keeps refusing new twins only in the service', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-account-case-'));
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    try {
      const server = await startServer({ dataDir, databaseUrl, ...(schema ? { schema } : {}) });
      await server.close();
      const { handle, migrator } = await openMigratable(dataDir, databaseUrl, schema);
      expect((await migrator.migrateTo('0034-account-case')).error).toBeUndefined();
      const demo = await handle.db
        .selectFrom('persons')
        .selectAll()
        .where('account', '=', 'demo')
        .executeTakeFirstOrThrow();
      /** a copy of the demo learner under another account: the database's refusal, or undefined */
      const insertAs = (account: string) =>
        handle.db
          .insertInto('persons')
          .values({ ...demo, id: crypto.randomUUID(), account, phone: null, id_card_index: null, id_card_enc: null })
          .execute()
          .then(
            () => undefined,
            (err: unknown) => err,
          );
      // a twin written before the release that refused them
      expect(await insertAs('DEMO')).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const third = await insertAs('Demo');
      expect(third).toBeUndefined();
      // taken apart, the index becomes unique on the way back up
      await handle.db.deleteFrom('persons').where('account', 'in', ['DEMO', 'Demo']).execute();
      expect((await migrator.migrateTo('0034-account-case')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const twin = await insertAs('DEMO');
      expect(isUniqueViolation(twin)).toBe(true);
      await handle.close();
    } finally {
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    }
  });
});
