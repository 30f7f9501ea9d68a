import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, Dialect } from '../infra/database.js';
import type { PersonsTable } from '../infra/db-schema.js';
import type { IdCardCipher } from '../infra/id-card-cipher.js';

/** What a lookup by ID number needs: the blind index (the number itself is never in a query). */
export type IdCardIndex = Pick<IdCardCipher, 'index'>;

export type PersonRow = Selectable<PersonsTable>;
export type PersonWithOrg = PersonRow & { org_code: string; org_name: string; org_disabled_at: number | null };

const withOrg = (db: Db) =>
  db
    .selectFrom('persons')
    .innerJoin('organisations', 'organisations.id', 'persons.org_id')
    .selectAll('persons')
    .select([
      'organisations.code as org_code',
      'organisations.name as org_name',
      'organisations.disabled_at as org_disabled_at',
    ]);

/** A login name may be the account name, the ID card number or the phone. */
export async function findPersonByLoginName(
  db: Db,
  ids: IdCardIndex,
  name: string,
): Promise<PersonWithOrg | undefined> {
  return (
    withOrg(db)
      .where((eb) =>
        eb.or([
          // an account in any case, as it is unique in any case (index persons_account_lower)
          eb(sql<string>`lower(persons.account)`, '=', name.toLowerCase()),
          eb('persons.id_card_index', '=', ids.index(name)),
          eb('persons.phone', '=', name),
        ]),
      )
      // the account as typed first: twins from before accounts were unique in any case (Zhang and
      // zhang, kept by migration 0035) each still log in by their own spelling
      .orderBy(sql`case when persons.account = ${name} then 0 else 1 end`)
      .executeTakeFirst()
  );
}

export async function findPersonById(db: Db, id: string): Promise<PersonWithOrg | undefined> {
  return withOrg(db).where('persons.id', '=', id).executeTakeFirst();
}

export async function findPersonByPhone(db: Db, phone: string): Promise<PersonWithOrg | undefined> {
  return withOrg(db).where('persons.phone', '=', phone).executeTakeFirst();
}

export async function findPersonConflicts(
  db: Db,
  ids: IdCardIndex,
  fields: { idCard: string; phone: string },
): Promise<{ idCardTaken: boolean; phoneTaken: boolean }> {
  const idCardIndex = ids.index(fields.idCard);
  const rows = await db
    .selectFrom('persons')
    .select(['id_card_index', 'phone', 'account'])
    .where((eb) =>
      eb.or([
        eb('id_card_index', '=', idCardIndex),
        eb('phone', '=', fields.phone),
        eb('account', '=', fields.phone),
        eb('account', '=', fields.idCard),
      ]),
    )
    .execute();
  return {
    idCardTaken: rows.some((r) => r.id_card_index === idCardIndex || r.account === fields.idCard),
    phoneTaken: rows.some((r) => r.phone === fields.phone || r.account === fields.phone),
  };
}

export async function insertPerson(db: Db, row: Insertable<PersonsTable>): Promise<void> {
  await db.insertInto('persons').values(row).execute();
}

export async function lockAccount(db: Db, personId: string, until: number): Promise<void> {
  await db.updateTable('persons').set({ locked_until: until }).where('id', '=', personId).execute();
}

/** Lifts the account-wide lock once the person has proved who he is (a phone code). */
export async function clearFailedLogins(db: Db, personId: string): Promise<void> {
  await db.updateTable('persons').set({ failed_logins: 0, locked_until: null }).where('id', '=', personId).execute();
}

/** Takes the person's row lock (PostgreSQL) so two logins of one person run one after the other. */
export async function lockPersonRow(db: Db, personId: string): Promise<void> {
  await db
    .updateTable('persons')
    .set((eb) => ({ failed_logins: eb.ref('failed_logins') }))
    .where('id', '=', personId)
    .execute();
}

/**
 * Row locks on several persons for the rest of the transaction, taken in id order so two
 * transactions (two nodes' batches) cannot deadlock. SQLite has a single writer already.
 */
export async function lockPersonRows(db: Db, dialect: Dialect, personIds: string[]): Promise<void> {
  if (dialect !== 'postgres' || personIds.length === 0) return;
  // one array parameter: the same statement text for any number of learners
  await sql`SELECT id FROM persons WHERE id = ANY(${[...personIds].sort()}::text[]) ORDER BY id FOR UPDATE`.execute(db);
}

export async function findPersonOrgId(db: Db, personId: string): Promise<string | undefined> {
  const row = await db.selectFrom('persons').select('org_id').where('id', '=', personId).executeTakeFirst();
  return row?.org_id;
}

export async function findLockedUntil(db: Db, personId: string): Promise<number | null> {
  const row = await db.selectFrom('persons').select('locked_until').where('id', '=', personId).executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * A new password: the person's own choice, or `temporary` — set by someone else (a manager's
 * reset), which he is asked to replace with his own at his next login.
 */
export async function updatePassword(
  db: Db,
  personId: string,
  passwordHash: string,
  now: number,
  temporary: boolean,
): Promise<void> {
  await db
    .updateTable('persons')
    .set({ password_hash: passwordHash, updated_at: now, temporary_password_at: temporary ? now : null })
    .where('id', '=', personId)
    .execute();
}

/**
 * A password someone else set, retired (replaced by an unusable one) — only if it is still the
 * one set at `since`: a reset or his own change in the meantime stands. Whether it was.
 */
export async function retireTemporaryPassword(
  db: Db,
  personId: string,
  since: number,
  unusableHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('persons')
    .set({ password_hash: unusableHash, updated_at: now, temporary_password_at: null })
    .where('id', '=', personId)
    .where('temporary_password_at', '=', since)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updatePhone(db: Db, personId: string, phone: string, now: number): Promise<void> {
  await db.updateTable('persons').set({ phone, updated_at: now }).where('id', '=', personId).execute();
}

/** What a training manager changes on a person (the console's learners); owner: this module. */
export async function updatePersonRecord(
  db: Db,
  personId: string,
  values: Partial<
    Pick<PersonRow, 'name' | 'phone' | 'department_id' | 'post' | 'disabled_at' | 'id_card_enc' | 'id_card_index'>
  >,
  now: number,
): Promise<void> {
  await db
    .updateTable('persons')
    .set({ ...values, updated_at: now })
    .where('id', '=', personId)
    .execute();
}

/** A registration a manager approved: the person may log in. False when it was not waiting. */
export async function approvePendingPerson(db: Db, personId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('persons')
    .set({ pending_since: null, updated_at: now })
    .where('id', '=', personId)
    .where('pending_since', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A registration a manager rejected: the person never logged in nor studied, so the row goes
 * and the phone and ID number may register again. False when it was not waiting.
 */
export async function deletePendingPerson(db: Db, personId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('persons')
    .where('id', '=', personId)
    .where('pending_since', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Lifts the account-wide lock (guesses from many addresses). */
export async function unlockPerson(db: Db, personId: string, now: number): Promise<void> {
  await db
    .updateTable('persons')
    .set({ failed_logins: 0, locked_until: null, updated_at: now })
    .where('id', '=', personId)
    .execute();
}

/** An account name as it is compared: without regard to case (index persons_account_lower). */
export const accountLower = sql<string>`lower(account)`;
export const sameAccount = (account: string | null, value: string) =>
  account !== null && account.toLowerCase() === value.toLowerCase();

/** Whether an account name, ID number or phone is already someone else's. */
export async function findIdentityConflicts(
  db: Db,
  ids: IdCardIndex,
  fields: { idCard?: string | undefined; phone?: string | null | undefined; account?: string | undefined },
  exceptPersonId?: string,
): Promise<{ idCard: boolean; phone: boolean; account: boolean }> {
  const values = [fields.idCard, fields.phone, fields.account].filter((v): v is string => Boolean(v));
  if (values.length === 0) return { idCard: false, phone: false, account: false };
  const indexes = values.map((v) => ids.index(v));
  const lower = values.map((v) => v.toLowerCase());
  let q = db
    .selectFrom('persons')
    .select(['id_card_index', 'phone', 'account'])
    .where((eb) =>
      eb.or([eb('id_card_index', 'in', indexes), eb('phone', 'in', values), eb(accountLower, 'in', lower)]),
    );
  if (exceptPersonId) q = q.where('id', '!=', exceptPersonId);
  const rows = await q.execute();
  const taken = (v: string | null | undefined) => {
    if (!v) return false;
    const index = ids.index(v);
    return rows.some((r) => r.id_card_index === index || r.phone === v || sameAccount(r.account, v));
  };
  return { idCard: taken(fields.idCard), phone: taken(fields.phone), account: taken(fields.account) };
}

/** Many new persons at once (an import), in statements of a few hundred rows. */
export async function insertPersons(db: Db, rows: Array<Insertable<PersonsTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('persons')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** An imported row's changes to a learner already in the organisation. */
export async function updateImportedPerson(
  db: Db,
  personId: string,
  values: Partial<Pick<PersonRow, 'name' | 'phone' | 'account' | 'department_id' | 'post' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('persons').set(values).where('id', '=', personId).execute();
}

/** One sealed ID number, to prove at start-up that this node's keys open the database's. */
export async function findSealedIdCardSample(db: Db) {
  return db
    .selectFrom('persons')
    .select(['id', 'id_card_enc', 'id_card_index'])
    .where('id_card_enc', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How many ID numbers are sealed with none of these keys (`keyId:` leads the sealed value). */
export async function countIdCardsSealedOutside(db: Db, keyIds: string[]): Promise<number> {
  const row = await db
    .selectFrom('persons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_card_enc', 'is not', null)
    .where((eb) => eb.and(keyIds.map((id) => eb('id_card_enc', 'not like', `${id}:%`))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A batch of ID numbers not yet sealed with this key, in id order after `after`. */
export async function findIdCardsNotSealedWith(db: Db, keyId: string, after: string, limit: number) {
  return db
    .selectFrom('persons')
    .select(['id', 'id_card_enc'])
    .where('id_card_enc', 'is not', null)
    .where('id_card_enc', 'not like', `${keyId}:%`)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The same number sealed anew (a key rotation); only if nobody changed it meanwhile. */
export async function resealIdCard(db: Db, personId: string, before: string, after: string): Promise<boolean> {
  const result = await db
    .updateTable('persons')
    .set({ id_card_enc: after })
    .where('id', '=', personId)
    .where('id_card_enc', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
