import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, dropSchema, startServer } from '../../test/harness.js';

describe.skipIf(!TEST_DATABASE_URL)('migrations on a shared PostgreSQL database', () => {
  it("migrate into the connection's schema even when another schema holds migration tables", async () => {
    const url = TEST_DATABASE_URL!;
    const ours = `t_${crypto.randomBytes(6).toString('hex')}`;
    const decoy = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${ours}`);
    await client.query(`CREATE SCHEMA ${decoy}`);
    // what another deployment (or an old bench run) leaves in the same database
    await client.query(`CREATE TABLE ${decoy}.kysely_migration (name text, timestamp text)`);
    await client.query(`CREATE TABLE ${decoy}.kysely_migration_lock (id text, is_locked integer)`);
    await client.end();
    try {
      // as a deployment would: the schema only in the connection's search_path
      const server = await startServer({
        databaseUrl: `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${ours}`,
        configure: (config) => {
          config.databaseSchema = undefined;
        },
      });
      const res = await server.request('GET', '/api/course/book/select-page');
      expect(res.body.data.total).toBe(2);
      await server.close();
    } finally {
      await dropSchema(url, ours);
      await dropSchema(url, decoy);
    }
  });
});
