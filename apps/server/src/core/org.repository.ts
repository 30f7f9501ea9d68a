import { sql, type Insertable, type Updateable } from 'kysely';
import type { OrganisationsTable } from '../infra/db-schema.js';
import type { Db, Dialect } from '../infra/database.js';
import { containsText } from './text-search.js';

export async function findOrgById(db: Db, id: string) {
  return db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The organisation of a code as typed: codes are told apart regardless of case (a learner who
 * types ORGB means orgb, never a look-alike opened beside it), its own spelling first.
 */
export async function findOrgByCode(db: Db, code: string) {
  const exact = await db.selectFrom('organisations').selectAll().where('code', '=', code).executeTakeFirst();
  if (exact || code.toLowerCase() === code.toUpperCase()) return exact;
  return db
    .selectFrom('organisations')
    .selectAll()
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .orderBy('created_at')
    .executeTakeFirst();
}

/** Organisations (the platform operator's console): one owner writes them, this module. */
export async function insertOrganisation(db: Db, row: Insertable<OrganisationsTable>): Promise<void> {
  await db.insertInto('organisations').values(row).execute();
}

export async function updateOrganisation(db: Db, id: string, values: Updateable<OrganisationsTable>): Promise<void> {
  await db.updateTable('organisations').set(values).where('id', '=', id).execute();
}

export async function findOrganisationsPage(db: Db, filter: { q?: string | undefined; offset: number; limit: number }) {
  let q = db.selectFrom('organisations');
  const text = filter.q?.trim();
  // a code whole, in any case; a part of the name
  if (text) {
    q = q.where((eb) => eb.or([eb(sql<string>`lower(code)`, '=', text.toLowerCase()), containsText('name', text)]));
  }
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at').orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The training managers and the number of learners of each organisation. */
export async function findOrganisationPeople(db: Db, orgIds: string[]) {
  if (orgIds.length === 0) return { admins: [], learners: new Map<string, number>() };
  const [admins, counts] = await Promise.all([
    db
      .selectFrom('persons')
      .select(['id', 'org_id', 'name', 'account', 'disabled_at', 'locked_until'])
      .where('org_id', 'in', orgIds)
      .where('role', '=', 'admin')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('persons')
      .select(['org_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('org_id', 'in', orgIds)
      .where('role', '=', 'learner')
      .groupBy('org_id')
      .execute(),
  ]);
  return { admins, learners: new Map(counts.map((c) => [c.org_id, Number(c.n)])) };
}

/**
 * Serialises changes to an organisation's structure (a department moved) for the rest of the
 * transaction on PostgreSQL: two moves that each look fine alone cannot together make a cycle.
 * SQLite runs one writer at a time already.
 */
export async function lockOrganisation(db: Db, dialect: Dialect, orgId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('organisations').select('id').where('id', '=', orgId).forUpdate().execute();
}
