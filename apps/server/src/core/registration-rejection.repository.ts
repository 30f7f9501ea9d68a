import crypto from 'node:crypto';
import type { Db } from '../infra/database.js';
import type { IdCardIndex } from './person.repository.js';

/** How long a rejected registrant's login is told so (then: 用户名或密码错误, as for anyone unknown). */
export const REJECTION_KEPT_MS = 30 * 86_400_000;

/**
 * Registrations a manager rejected (the learners feature writes them, login reads them): the
 * person's row is gone, this remembers his login names and password hash for 30 days.
 */
export async function recordRejection(
  db: Db,
  person: {
    org_id: string;
    phone: string | null;
    account: string | null;
    id_card_index: string | null;
    password_hash: string;
  },
  now: number,
): Promise<void> {
  // what no login is told any more goes (its password hash with it)
  await db
    .deleteFrom('registration_rejections')
    .where('rejected_at', '<=', now - REJECTION_KEPT_MS)
    .execute();
  await db
    .insertInto('registration_rejections')
    .values({ id: crypto.randomUUID(), ...person, rejected_at: now })
    .execute();
}

/** Deletes what no login is told any more (its password hash with it): run daily. */
export async function purgeRejections(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('registration_rejections')
    .where('rejected_at', '<=', now - REJECTION_KEPT_MS)
    .execute();
}

/** The newest rejection, within 30 days, of a login name (account, ID number or phone). */
export async function findRejection(db: Db, ids: IdCardIndex, name: string, now: number) {
  return db
    .selectFrom('registration_rejections')
    .select(['password_hash', 'rejected_at'])
    .where((eb) => eb.or([eb('phone', '=', name), eb('account', '=', name), eb('id_card_index', '=', ids.index(name))]))
    .where('rejected_at', '>', now - REJECTION_KEPT_MS)
    .orderBy('rejected_at', 'desc')
    .executeTakeFirst();
}

/** A registration that went through: its number's rejections are done with. */
export async function forgetRejections(db: Db, phone: string, idCardIndex: string | null): Promise<void> {
  await db
    .deleteFrom('registration_rejections')
    .where((eb) => eb.or([eb('phone', '=', phone), ...(idCardIndex ? [eb('id_card_index', '=', idCardIndex)] : [])]))
    .execute();
}
