import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './database.js';

const synchronous = async (handle: DatabaseHandle) =>
  (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(handle.db)).rows[0]!.synchronous;

describe('group commit on SQLite', () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-group-commit-'));
    handle = await openDatabase(loadConfig({ DATA_DIR: dir }));
    await sql`CREATE TABLE t (id integer primary key, note text)`.execute(handle.db);
    return handle;
  }

  it('answers with what the transaction returned, flushes the log, and leaves every other write FULL', async () => {
    const h = await open();
    expect(await synchronous(h)).toBe(2); // FULL
    const { value, durable } = await h.groupCommit(async (trx) => {
      await sql`INSERT INTO t (note) VALUES ('a'), ('b')`.execute(trx);
      return 'done';
    });
    expect(value).toBe('done');
    await expect(durable).resolves.toBeUndefined();
    expect(fs.statSync(path.join(dir!, 'anxun.sqlite-wal')).size).toBeGreaterThan(0);
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(h.db)).rows[0]!.n).toBe(2);
    expect(await synchronous(h)).toBe(2);
  });

  it('answers every one of many commits made while the log is being flushed', async () => {
    const h = await open();
    const commits = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.groupCommit(async (trx) => {
          await sql`INSERT INTO t (note) VALUES (${`n${i}`})`.execute(trx);
          return i;
        }),
      ),
    );
    await Promise.all(commits.map((c) => c.durable));
    expect(commits.map((c) => c.value)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(h.db)).rows[0]!.n).toBe(20);
  });

  it('holds other writes until it has committed, so none commits under its relaxed setting', async () => {
    const h = await open();
    const order: string[] = [];
    const batch = h.groupCommit(async (trx) => {
      await sql`INSERT INTO t (note) VALUES ('batch')`.execute(trx);
      // a request's write arrives while the batch is open
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('batch work done');
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const other = sql`INSERT INTO t (note) VALUES ('other')`.execute(h.db).then(() => order.push('other written'));
    await Promise.all([batch, other]);
    expect(order).toEqual(['batch work done', 'other written']);
    expect(await synchronous(h)).toBe(2);
  });

  it('rolls back a failed transaction and restores the setting', async () => {
    const h = await open();
    await expect(
      h.groupCommit(async (trx) => {
        await sql`INSERT INTO t (note) VALUES ('lost')`.execute(trx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(h.db)).rows[0]!.n).toBe(0);
    expect(await synchronous(h)).toBe(2);
  });

  it("copies committed pages into the database file from the checkpointer's thread, and leaves no log behind on close", async () => {
    const h = await open();
    const file = path.join(dir!, 'anxun.sqlite');
    const before = fs.statSync(file).size;
    // ~2 MB in 40 commits: far below the request thread's own checkpoint (10,000 log pages)
    for (let i = 0; i < 40; i++) {
      await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
        INSERT INTO t (note) SELECT hex(randomblob(600)) FROM n`.execute(h.db);
    }
    await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 1_500_000);
    await h.close();
    handle = undefined;
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = await openDatabase(loadConfig({ DATA_DIR: dir! }));
    handle = reopened;
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(reopened.db)).rows[0]!.n).toBe(1600);
  });
});
