import type { Db } from '../../infra/database.js';

export async function findActiveNotices(db: Db, personId: string, limit: number) {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('person_id', '=', personId)
    .where('cleared_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function countActiveNotices(db: Db, personId: string): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('person_id', '=', personId)
    .where('cleared_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function clearNotices(db: Db, personId: string, now: number): Promise<void> {
  await db
    .updateTable('notices')
    .set({ cleared_at: now })
    .where('person_id', '=', personId)
    .where('cleared_at', 'is', null)
    .execute();
}
