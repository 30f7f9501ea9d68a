import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * server_state (migration 0028): what the installation records about itself — which keys
 * sealed its data (fingerprints, never keys) and maintenance a migration left for the start.
 */

/** Records `value` under `name` unless something is there already; returns what is there. */
export async function claimState(db: Db, name: string, value: string): Promise<string> {
  await db
    .insertInto('server_state')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_state').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The names recorded under a prefix; none (not an error) before migration 0028 made the table. */
export async function stateNames(db: Db, prefix: string): Promise<string[]> {
  try {
    const rows = await sql<{ name: string }>`select name from server_state where name like ${`${prefix}%`}`.execute(db);
    return rows.rows.map((r) => r.name);
  } catch {
    return [];
  }
}

export async function clearState(db: Db, name: string): Promise<void> {
  await db.deleteFrom('server_state').where('name', '=', name).execute();
}
