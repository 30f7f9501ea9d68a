import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../seed/demo-accounts.js';
import {
  addLearner,
  addOrganisation,
  dialects,
  dropSchema,
  login,
  startServer,
  type TestServer,
} from '../../test/harness.js';
import { loadConfig } from '../infra/config.js';
import { hashPassword } from '../infra/crypto.js';
import { openDatabase, type Db } from '../infra/database.js';
import { addIdCardKey, loadIdCardCipher } from '../infra/id-card-cipher.js';
import { migrationsWith } from '../infra/migrations/index.js';
import { resealIdCards } from './id-cards.js';

// valid ID numbers (checksums right), made for these tests
const ID_X = '11010519491231002X';
const ID_OLD = '11010119900307459X';

/** Everything a reader of the database sees of the persons table (and, on SQLite, of the file). */
async function databaseText(server: { ctx: { db: Db; dialect: string } }): Promise<string> {
  const rows = await sql<{ t: string }>`select * from persons`.execute(server.ctx.db);
  return JSON.stringify(rows.rows);
}

function sqliteFileText(dataDir: string): string {
  return ['anxun.sqlite', 'anxun.sqlite-wal']
    .map((f) => path.join(dataDir, f))
    .filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f).toString('latin1'))
    .join('');
}

describe.each(dialects)('ID numbers encrypted at rest on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let dataDir: string;
  const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  let admin: string;
  const start = () => startServer({ databaseUrl, dataDir, ...(schema ? { schema } : {}) });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-idcard-'));
    server = await start();
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
  });
  afterAll(async () => {
    await server.close();
    if (schema && databaseUrl) await dropSchema(databaseUrl, schema);
  });

  it('stores no ID number readable, yet logs in, finds, refuses duplicates and exports by it', async () => {
    const made = await server.request('POST', '/api/manage/learners', {
      json: { name: '封存', idCard: ID_X, password: 'seal1234' },
      headers: { Authorization: admin },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data.learner.idCard).toBe('110***********002X');

    const stored = await databaseText(server);
    for (const id of [ID_X, DEMO_LEARNER.idCard]) {
      expect(stored).not.toContain(id);
      expect(stored).not.toContain(id.slice(6, 14)); // not even the birth date
    }
    // login by ID number, the check letter in either case
    expect((await login(server, ID_X.toLowerCase(), 'seal1234')).status).toBe(200);
    expect((await login(server, DEMO_LEARNER.idCard, DEMO_LEARNER.password)).status).toBe(200);

    // the console finds a learner by the whole number only (a sealed number has no parts)
    const find = async (q: string) =>
      (
        await server.request('GET', `/api/manage/learners?q=${encodeURIComponent(q)}`, {
          headers: { Authorization: admin },
        })
      ).body.data.records.map((r: { name: string }) => r.name);
    expect(await find(ID_X.toLowerCase())).toEqual(['封存']);
    expect(await find(ID_X.slice(0, 10))).toEqual([]);

    // one number, one person, across organisations too
    await addOrganisation(server, '10009', '别家单位');
    await addLearner(server, { account: 'other-admin-id', password: 'other1234', role: 'admin', orgCode: '10009' });
    const other = (await login(server, 'other-admin-id', 'other1234')).body.data.credentials.accessToken;
    const twice = await server.request('POST', '/api/manage/learners', {
      json: { name: '冒名', idCard: ID_X.toLowerCase() },
      headers: { Authorization: other },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('该身份证号已有账号');

    // the export asked for in full (and audited) carries the number; the usual one masks it
    const ExcelJS = (await import('exceljs')).default;
    const cells = async (query: string) => {
      const res = await fetch(`${server.baseUrl}/api/manage/learners/export?${query}`, {
        headers: { Authorization: admin },
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      return book.worksheets[0]!.getRow(2).values as unknown[];
    };
    expect(await cells(`q=${encodeURIComponent('封存')}&full=1`)).toContain(ID_X);
    expect(await cells(`q=${encodeURIComponent('封存')}`)).toContain('110***********002X');
    // the learner's own page shows it masked
    const mine = await login(server, ID_X, 'seal1234');
    const info = await server.request('GET', '/api/user/info', {
      headers: { Authorization: mine.body.data.credentials.accessToken },
    });
    expect(info.text).toContain('110***********002X');
    expect(info.text).not.toContain(ID_X);
  });

  it('refuses to start with keys that do not open the database, and starts again with the right ones', async () => {
    await server.close();
    const keys = path.join(dataDir, 'keys');
    const saved = (file: string) => fs.readFileSync(path.join(keys, file));
    const [key, index] = [saved('id-card-1.key'), saved('id-card-index.key')];
    try {
      fs.writeFileSync(path.join(keys, 'id-card-1.key'), crypto.randomBytes(32));
      await expect(start()).rejects.toThrow(/does not open with key 1/);
      fs.writeFileSync(path.join(keys, 'id-card-1.key'), key);
      fs.writeFileSync(path.join(keys, 'id-card-index.key'), crypto.randomBytes(32));
      await expect(start()).rejects.toThrow(/id-card-index\.key does not match the database/);
      fs.writeFileSync(path.join(keys, 'id-card-index.key'), index);
      fs.rmSync(path.join(keys, 'id-card-1.key'));
      fs.writeFileSync(path.join(keys, 'id-card-2.key'), crypto.randomBytes(32));
      await expect(start()).rejects.toThrow(/sealed with a key that is not in DATA_DIR\/keys/);
      fs.rmSync(path.join(keys, 'id-card-2.key'));
    } finally {
      fs.writeFileSync(path.join(keys, 'id-card-1.key'), key, { mode: 0o600 });
      fs.writeFileSync(path.join(keys, 'id-card-index.key'), index, { mode: 0o600 });
    }
    server = await start();
    expect((await login(server, ID_X, 'seal1234')).status).toBe(200);
  });

  it('rotates the key: every number sealed again, the old key file no longer needed', async () => {
    const keys = path.join(dataDir, 'keys');
    expect(addIdCardKey(keys)).toBe('2');
    // the running node takes up key 2 (rotate's re-seal runs beside it)
    const sealedNumbers = () =>
      server.ctx.db.selectFrom('persons').select('id_card_enc').where('id_card_enc', 'is not', null).execute();
    const before = await sealedNumbers();
    expect(before.length).toBeGreaterThanOrEqual(2); // the demo learner's and 封存's at least
    expect(before.every((r) => r.id_card_enc!.startsWith('1:'))).toBe(true);
    expect(await resealIdCards(server.ctx.db, loadIdCardCipher(keys))).toBe(before.length);
    expect((await sealedNumbers()).every((r) => r.id_card_enc!.startsWith('2:'))).toBe(true);
    // a second pass finds nothing left to do
    expect(await resealIdCards(server.ctx.db, loadIdCardCipher(keys))).toBe(0);
    await server.close();
    fs.rmSync(path.join(keys, 'id-card-1.key'));
    server = await start();
    expect((await login(server, ID_X, 'seal1234')).status).toBe(200);
    expect((await login(server, DEMO_LEARNER.idCard, DEMO_LEARNER.password)).status).toBe(200);
    if (name === 'sqlite') expect(sqliteFileText(dataDir)).not.toContain(ID_X);
  });
});

describe.each(dialects)('an older database on $name gets its ID numbers sealed', ({ name, databaseUrl }) => {
  it('migrates plain ID numbers: sealed, the plain column gone or emptied, login by ID number still works', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-idcard-old-'));
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const config = loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    config.databaseSchema = schema;
    // a database as the release before this one left it: migrated to 0027, numbers in plain text
    const old = await openDatabase(config);
    const cipher = loadIdCardCipher(path.join(dataDir, 'keys'));
    const migrator = new Migrator({
      db: old.db,
      provider: { getMigrations: async () => migrationsWith({ idCards: cipher }) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo('0027-face-likeness');
    expect(error).toBeUndefined();
    const secondId = crypto.randomUUID();
    const orgId = crypto.randomUUID();
    const personId = crypto.randomUUID();
    const now = Date.now();
    await sql`insert into organisations (id, code, name, logo_file_id, created_at)
      values (${orgId}, '20001', '老单位', null, ${now})`.execute(old.db);
    await sql`insert into persons (id, org_id, role, account, name, id_card, phone, password_hash,
        avatar_file_id, failed_logins, locked_until, created_at, updated_at)
      values (${personId}, ${orgId}, 'learner', null, '老学员', ${ID_OLD}, null, ${await hashPassword('old12345')},
        null, 0, null, ${now}, ${now})`.execute(old.db);
    await sql`insert into persons (id, org_id, role, account, name, id_card, phone, password_hash,
        avatar_file_id, failed_logins, locked_until, created_at, updated_at)
      values (${secondId}, ${orgId}, 'learner', 'second', '另一位', ${ID_X}, null, ${await hashPassword('old12345')},
        null, 0, null, ${now}, ${now})`.execute(old.db);
    // a first start that dies halfway through sealing (here: the second number) leaves the
    // database as it was, and the next start seals everything
    let sealed = 0;
    const failing = {
      ...cipher,
      seal: (personId: string, idCard: string) => {
        if (++sealed === 2) throw new Error('killed halfway');
        return cipher.seal(personId, idCard);
      },
    };
    const broken = new Migrator({
      db: old.db,
      provider: { getMigrations: async () => migrationsWith({ idCards: failing }) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect((await broken.migrateToLatest()).error).toBeDefined();
    const untouched = await sql<{ id_card: string }>`select id_card from persons where id = ${personId}`.execute(
      old.db,
    );
    expect(untouched.rows[0]!.id_card).toBe(ID_OLD);
    await old.close();

    const server = await startServer({ databaseUrl, dataDir, ...(schema ? { schema } : {}) });
    try {
      expect((await login(server, ID_OLD.toLowerCase(), 'old12345')).status).toBe(200);
      expect((await login(server, ID_X, 'old12345')).status).toBe(200);
      const row = await server.ctx.db
        .selectFrom('persons')
        .select(['id_card_enc', 'id_card_index'])
        .where('id', '=', personId)
        .executeTakeFirstOrThrow();
      expect(server.ctx.keys.idCards.open(personId, row.id_card_enc)).toBe(ID_OLD);
      expect(await databaseText(server)).not.toContain(ID_OLD);
      if (name === 'postgres') {
        const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_schema = ${schema!} and table_name = 'persons'`.execute(server.ctx.db);
        expect(columns.rows.map((c) => c.column_name)).not.toContain('id_card');
      }
    } finally {
      await server.close();
      if (schema && databaseUrl) await dropSchema(databaseUrl, schema);
    }
    // SQLite keeps the emptied column (a UNIQUE column cannot be dropped); its old bytes are overwritten
    if (name === 'sqlite') expect(sqliteFileText(dataDir)).not.toContain(ID_OLD);
  });
});

describe.each(dialects)('one set of ID-number keys per database on $name', ({ databaseUrl }) => {
  it('refuses a node whose keys folder is its own, even before any number is sealed, and makes no keys there', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-idcard-two-'));
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const start = (dir: string) =>
      startServer({ databaseUrl, dataDir: dir, env: { DEMO_SEED: 'false' }, ...(schema ? { schema } : {}) });
    const keys = path.join(dataDir, 'keys');
    const first = await start(dataDir);
    await first.close();
    try {
      // another node's folder: keys made on their own, no sealed number yet to catch them by
      const own = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-idcard-own-'));
      loadIdCardCipher(path.join(own, 'keys'));
      for (const f of ['id-card-1.key', 'id-card-index.key'])
        fs.copyFileSync(path.join(keys, f), path.join(keys, `${f}.mine`));
      for (const f of ['id-card-1.key', 'id-card-index.key'])
        fs.copyFileSync(path.join(own, 'keys', f), path.join(keys, f));
      await expect(start(dataDir)).rejects.toThrow(/is not the key this database records/);
      // a folder without the keys: an error to fix, not new keys
      for (const f of ['id-card-1.key', 'id-card-index.key']) fs.rmSync(path.join(keys, f));
      await expect(start(dataDir)).rejects.toThrow(/lacks the ID-number keys/);
      expect(fs.readdirSync(keys).filter((f) => f.startsWith('id-card') && f.endsWith('.key'))).toEqual([]);
      for (const f of ['id-card-1.key', 'id-card-index.key'])
        fs.renameSync(path.join(keys, `${f}.mine`), path.join(keys, f));
      const again = await start(dataDir);
      await again.close();
    } finally {
      if (schema && databaseUrl) await dropSchema(databaseUrl, schema);
    }
  });

  it('shows a damaged sealed number as unreadable, and the list and the person’s login still work', async () => {
    const server = await startServer({ databaseUrl });
    try {
      const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
      const learner = await server.ctx.db
        .selectFrom('persons')
        .select(['id', 'id_card_enc'])
        .where('account', '=', DEMO_LEARNER.account)
        .executeTakeFirstOrThrow();
      const damaged = learner.id_card_enc!.slice(0, -4) + (learner.id_card_enc!.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      await server.ctx.db.updateTable('persons').set({ id_card_enc: damaged }).where('id', '=', learner.id).execute();
      const list = await server.request('GET', `/api/manage/learners?q=${DEMO_LEARNER.account}`, {
        headers: { Authorization: admin },
      });
      expect(list.status).toBe(200);
      expect(list.body.data.records[0].idCard).toBe('（无法读取）');
      const mine = await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password);
      expect(mine.status).toBe(200);
      expect(mine.body.data.roles.idCard).toBe('（无法读取）');
    } finally {
      await server.close();
    }
  });
});
