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

  it('starts and reads its tables while another session creates and drops schemas in the same database', async () => {
    const url = TEST_DATABASE_URL!;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const prefix = `t_${crypto.randomBytes(4).toString('hex')}_churn`;
    let stop = false;
    // another application (or test) making and dropping schemas with tables, as fast as it can
    let churnFailed: unknown;
    const churn = (async () => {
      for (let i = 0; !stop; i++) {
        await other.query(`CREATE SCHEMA ${prefix}${i}; CREATE TABLE ${prefix}${i}.t (id serial primary key, x text)`);
        await other.query(`DROP SCHEMA ${prefix}${i} CASCADE`);
      }
    })().catch((err: unknown) => {
      churnFailed = err;
    });
    try {
      const server = await startServer({ databaseUrl: url });
      try {
        // each read names every schema it sees; one dropped meanwhile must not fail it
        for (let i = 0; i < 300; i++) {
          const tables = await server.ctx.db.introspection.getTables({ withInternalKyselyTables: true });
          expect(tables.some((t) => t.name.startsWith(prefix) || t.schema?.startsWith(prefix))).toBe(false);
          const persons = tables.find((t) => t.name === 'persons');
          expect(persons?.columns.map((c) => c.name)).toContain('password_hash');
          expect(tables.some((t) => t.name === 'kysely_migration')).toBe(true);
        }
      } finally {
        await server.close();
      }
    } finally {
      stop = true;
      await churn;
      await other.end();
    }
    expect(churnFailed).toBeUndefined();
  }, 60_000);
});
