import type { Insertable } from 'kysely';
import type { Db } from '../../infra/database.js';
import type { IntendedPersonsTable } from '../../infra/db-schema.js';

export async function insertIntendedPerson(db: Db, row: Insertable<IntendedPersonsTable>): Promise<void> {
  await db.insertInto('intended_persons').values(row).execute();
}
