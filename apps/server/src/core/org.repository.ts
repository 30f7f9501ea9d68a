import type { Db } from '../infra/database.js';

export async function findOrgById(db: Db, id: string) {
  return db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrgByCode(db: Db, code: string) {
  return db.selectFrom('organisations').selectAll().where('code', '=', code).executeTakeFirst();
}
