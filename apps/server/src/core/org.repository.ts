import type { Db } from '../infra/database.js';

export async function findOrgById(db: Db, id: string) {
  return db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An organisation's settings a training manager changes (the console). */
export async function setRegistrationMode(db: Db, id: string, mode: string): Promise<void> {
  await db.updateTable('organisations').set({ registration_mode: mode }).where('id', '=', id).execute();
}

export async function findOrgByCode(db: Db, code: string) {
  return db.selectFrom('organisations').selectAll().where('code', '=', code).executeTakeFirst();
}
