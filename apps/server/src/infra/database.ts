import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type MigrationProvider, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { AppConfig } from './config.js';
import type { Database } from './db-schema.js';
import { migrationsWith, type MigrationKeys } from './migrations/index.js';
import { SearchPathPostgresDialect } from './pg-introspector.js';
import { clearState, stateNames } from './server-state.js';
import { SERVER_ROOT } from '../server-root.js';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

// BIGINT (int8) comes back from pg as a string by default; our bigints are epoch
// milliseconds and byte sizes, far inside Number's safe range.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Runs `work` in a transaction and answers once it has committed; `durable` settles once what
 * it wrote would survive a power cut. For a writer that answers many callers per transaction
 * (the credit batch): the disk's flush need not hold the next transaction back.
 */
export type GroupCommit = <T>(work: (trx: Db) => Promise<T>) => Promise<{ value: T; durable: Promise<void> }>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  groupCommit: GroupCommit;
  close(): Promise<void>;
}

export async function openDatabase(
  config: AppConfig,
  /** a pooled connection that broke (the database restarted, the network dropped), or a failed SQLite checkpoint */
  onIdleError: (err: Error) => void = () => undefined,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    if (schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
      const setup = new pg.Client({ connectionString: config.databaseUrl });
      await setup.connect();
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await setup.end();
    }
    // The schema goes into every connection's startup options, so no connection can miss it.
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // Without a listener, a connection's error (PostgreSQL restarted, the network cut) is an
    // uncaught 'error' event and takes the process down: the pool's for idle connections, each
    // connection's own while a query holds it (the query fails; the pool then drops it and
    // opens a new one on the next query).
    pool.on('error', onIdleError);
    pool.on('connect', (client) => client.on('error', onIdleError));
    const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
    // PostgreSQL's commit waits for its own flush, and Node waits for it without blocking
    const groupCommit: GroupCommit = async (work) => ({
      value: await db.transaction().execute(work),
      durable: Promise.resolve(),
    });
    return { db, dialect: 'postgres', groupCommit, close: () => db.destroy() };
  }

  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'anxun.sqlite');
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; FULL makes an acknowledged write survive a
  // power cut (study time is audited); foreign keys are off by default in SQLite.
  // a file system without shared memory (some network mounts) keeps the rollback journal
  const wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite keeps its log beside the real file, not beside a link to it
  const realFile = fs.realpathSync(file);
  // checkpoints run in a thread of their own; this thread's only when that one falls far behind
  const checkpointer = wal ? startCheckpointer(realFile, onIdleError) : undefined;
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const log = walFlusher(`${realFile}-wal`);
  /*
   * better-sqlite3 runs on the event loop's thread, so a FULL commit holds every request while
   * the disk flushes the log. A group commit is written with synchronous=NORMAL (the log is
   * written, not flushed: a crash of the process loses nothing, a power cut may) and the log is
   * then flushed on libuv's thread pool; its callers are answered once that flush is done,
   * which makes this commit, and every one before it, as durable as a FULL one.
   */
  const groupCommit: GroupCommit = async (work) => {
    // without a write-ahead log there is no log to flush later: a plain FULL commit
    if (!wal) return { value: await db.transaction().execute(work), durable: Promise.resolve() };
    const value = await db.connection().execute(async (conn) => {
      // the connection is held: nothing else commits under the relaxed setting
      sqlite.pragma('synchronous = NORMAL');
      try {
        return await conn.transaction().execute(work);
      } finally {
        // a transaction left open (its commit and rollback both failed) would refuse the change
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        sqlite.pragma('synchronous = FULL');
      }
    });
    return { value, durable: log.flush() };
  };
  return {
    db,
    dialect: 'sqlite',
    groupCommit,
    close: async () => {
      await checkpointer?.close();
      await log.close();
      await db.destroy();
    },
  };
}

/** How often the checkpointer copies the log into the database file. */
const CHECKPOINT_INTERVAL_MS = 500;
/** Log pages (4 KB each) after which a commit on the request thread checkpoints itself. */
const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/**
 * SQLite's checkpoints in a worker thread with a connection of its own (wal-checkpointer.mjs).
 * Left to the writing connection, every ~1,000 pages of log one commit also copied the log
 * into the database file and flushed both, holding the event loop for milliseconds each time.
 */
function startCheckpointer(file: string, onError: (err: Error) => void) {
  const worker = new Worker(path.join(SERVER_ROOT, 'src/infra/wal-checkpointer.mjs'), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(new Error(`WAL checkpoint failed: ${message.error}`));
  });
  worker.on('error', onError);
  // the checkpointer's timer does not keep the process alive
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async close(): Promise<void> {
      worker.postMessage('close');
      // a last checkpoint, then the thread ends; one that hangs is stopped
      const timeout = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/**
 * fdatasync of SQLite's write-ahead log on the thread pool (the file stays while the database
 * is open). One flush at a time: commits made while one runs share the next (the pool's four
 * threads also hash passwords). A failed flush is final: Linux reports a write-back error once,
 * and may mark the failed pages clean, so a later flush could succeed over a log that recovery
 * would cut short; every later flush fails too, and no report is acknowledged again on this node.
 */
function walFlusher(walFile: string) {
  let handle: Promise<fs.promises.FileHandle> | undefined;
  let failed: unknown;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const run = async (): Promise<void> => {
    if (failed !== undefined) throw failed;
    try {
      handle ??= fs.promises.open(walFile, 'r+');
      await (await handle).datasync();
    } catch (err) {
      failed ??= err;
      throw failed;
    }
  };
  const start = (): Promise<void> => {
    const flush = run();
    running = flush;
    void flush
      .catch(() => undefined)
      .finally(() => {
        if (running === flush) running = undefined;
      });
    return flush;
  };
  return {
    flush(): Promise<void> {
      if (failed !== undefined) return Promise.reject(failed);
      if (!running) return start();
      // the running flush may have begun before this commit was written: the next one covers it
      next ??= running
        .catch(() => undefined)
        .then(() => {
          next = undefined;
          return start();
        });
      return next;
    },
    async close(): Promise<void> {
      await Promise.allSettled([running, next]);
      const open = handle;
      handle = undefined;
      await (await open?.catch(() => undefined))?.close();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing cost more than running
 * in the study-time hot path. Our queries are built from a few shapes, so their prepared
 * statements are kept (a statement is only ever used synchronously, so sharing is safe).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(query: string) {
      let statement = cache.get(query);
      if (!statement) {
        // queries with long IN lists come in many lengths: start over rather than grow
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = sqlite.prepare(query);
        cache.set(query, statement);
      }
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * Kysely looks for its migration tables in every schema unless told which one is ours, so
 * on PostgreSQL it is always told: the configured schema, else the connection's current
 * one (another schema's migration tables in the same database must not count).
 */
export async function migrateToLatest(db: Db, dialect: Dialect, keys: MigrationKeys, schema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsWith(keys) };
  const tableSchema =
    dialect === 'postgres'
      ? (schema ?? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s)
      : undefined;
  const migrator = new Migrator({ db, provider, ...(tableSchema ? { migrationTableSchema: tableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') throw new Error(`migration ${r.migrationName} failed`, { cause: error });
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // PostgreSQL keeps a row's old version on disk until the table is vacuumed: a migration that
  // overwrote what must not stay readable (plain ID numbers) marks its tables to be rewritten
  // here, outside its transaction; a start that stopped before finishing does it the next time.
  if (dialect !== 'postgres') return;
  for (const name of await stateNames(db, 'rewrite:')) {
    await sql`vacuum full ${sql.table(name.slice('rewrite:'.length))}`.execute(db);
    await clearState(db, name);
  }
}

/** Cheap liveness probe for /api/health. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
