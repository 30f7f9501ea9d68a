import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../infra/database.js';
import type { CheckCodesTable } from '../../infra/db-schema.js';

export type CheckCodeRow = Selectable<CheckCodesTable>;

export async function findLatestCheckCode(db: Db, phone: string): Promise<CheckCodeRow | undefined> {
  return db
    .selectFrom('check_codes')
    .selectAll()
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A new code replaces every earlier unused one for the phone. */
export async function deleteCheckCode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('check_codes').where('id', '=', id).execute();
}

export async function insertCheckCode(db: Db, row: Insertable<CheckCodesTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('check_codes')
      .set({ used_at: row.created_at })
      .where('phone', '=', row.phone)
      .where('used_at', 'is', null)
      .execute();
    await trx.insertInto('check_codes').values(row).execute();
  });
}

/**
 * Spends one try before the code is compared, atomically, so parallel guesses cannot get
 * more than `maxAttempts` between them. False when the code is used up or burned.
 */
export async function spendCheckCodeAttempt(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('check_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the code used; false if another request used it first. */
export async function consumeCheckCode(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('check_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
