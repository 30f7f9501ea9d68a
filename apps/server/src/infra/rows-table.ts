import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from './database.js';

/** PostgreSQL's type of a column's array; SQLite takes the values as they are bound. */
export type ColumnType = 'text' | 'float8' | 'int4' | 'int8';
export type Columns<R> = ReadonlyArray<readonly [keyof R & string, ColumnType]>;

/** Rows per statement at most on SQLite (it takes up to 32,766 parameters). */
const MAX_CHUNK = 128;

/**
 * The rows cut into chunks whose sizes are powers of two (100 rows: 64 + 32 + 4), so that a
 * handful of statement texts serve every batch and SQLite's prepared statements are reused
 * instead of prepared for each new count.
 */
export function fixedChunks<T>(rows: readonly T[], max = MAX_CHUNK): T[][] {
  const chunks: T[][] = [];
  let i = 0;
  while (i < rows.length) {
    let size = max;
    while (size > rows.length - i) size >>= 1;
    chunks.push(rows.slice(i, i + size));
    i += size;
  }
  return chunks;
}

const texts = new Map<string, string>();

/**
 * Runs `statement` (an `UPDATE … FROM v` or `INSERT … SELECT … FROM v`, column names written
 * plainly) with the rows as the table `v`. The hot path of the credit batch: the statement's
 * text is made once and no query tree is built per row.
 *
 * On PostgreSQL one array per column through `unnest`: the same short text and a handful of
 * parameters whatever the number of rows (node-pg still sends it unnamed, so PostgreSQL parses
 * and plans it per batch, but a statement of fourteen parameters, not one of 1,400).
 * On SQLite a VALUES list in chunks of fixed sizes, whose prepared statements are reused.
 */
export async function executeWithRows<R>(
  db: Db,
  dialect: Dialect,
  rows: readonly R[],
  columns: Columns<R>,
  statement: string,
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => name).join(', ');
  if (dialect === 'postgres') {
    const key = `pg|${names}|${statement}`;
    let text = texts.get(key);
    if (!text) {
      const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
      text = `WITH v (${names}) AS (SELECT * FROM unnest(${arrays})) ${statement}`;
      texts.set(key, text);
    }
    const params = columns.map(([name]) => rows.map((r) => r[name]));
    await db.executeQuery(CompiledQuery.raw(text, params));
    return;
  }
  for (const chunk of fixedChunks(rows)) {
    const key = `sqlite|${chunk.length}|${names}|${statement}`;
    let text = texts.get(key);
    if (!text) {
      const row = `(${columns.map(() => '?').join(', ')})`;
      text = `WITH v (${names}) AS (VALUES ${Array.from({ length: chunk.length }, () => row).join(', ')}) ${statement}`;
      texts.set(key, text);
    }
    const params: unknown[] = [];
    for (const r of chunk) for (const [name] of columns) params.push(r[name]);
    await db.executeQuery(CompiledQuery.raw(text, params));
  }
}

/**
 * `column IN (values…)` with one parameter whatever the count: `= ANY(array)` on
 * PostgreSQL, `IN (SELECT value FROM json_each(…))` on SQLite, so that the statement's text,
 * and SQLite's prepared statement, is the same for any number of values.
 */
export function inValues(dialect: Dialect, column: string, values: readonly string[]): RawBuilder<boolean> {
  const ref = sql.ref(column);
  return dialect === 'postgres'
    ? sql<boolean>`${ref} = ANY(${values}::text[])`
    : sql<boolean>`${ref} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
