import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../infra/database.js';
import type { IntendedPersonsTable } from '../infra/db-schema.js';

/**
 * 报名咨询 (intended_persons): the public form adds them; an organisation's training manager
 * follows them up. This module is the table's one writer.
 */
export async function insertIntendedPerson(db: Db, row: Insertable<IntendedPersonsTable>): Promise<void> {
  await db.insertInto('intended_persons').values(row).execute();
}

export async function findEnquiryOfOrg(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('intended_persons')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findEnquiriesOfOrg(
  db: Db,
  orgId: string,
  filter: { status?: string | undefined; q?: string | undefined; offset: number; limit: number },
) {
  let q = db.selectFrom('intended_persons').where('org_id', '=', orgId);
  if (filter.status) q = q.where('status', '=', filter.status);
  const text = filter.q?.trim().replace(/[%_\\]/g, '');
  if (text)
    q = q.where((eb) =>
      eb.or([eb('name', 'like', `%${text}%`), eb('phone', '=', text), eb('org_name', 'like', `%${text}%`)]),
    );
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function updateEnquiry(db: Db, id: string, values: Updateable<IntendedPersonsTable>): Promise<void> {
  await db.updateTable('intended_persons').set(values).where('id', '=', id).execute();
}

/** Links the learner made from an enquiry, once: false when another request linked one first. */
export async function linkEnquiryLearner(db: Db, id: string, personId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('intended_persons')
    .set({ person_id: personId, status: 'enrolled', updated_at: now })
    .where('id', '=', id)
    .where('person_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
