import { LearnStatus } from '@anxun/shared/constants';
import type { Db } from '../infra/database.js';

/**
 * The revoke reason of a certificate withdrawn because a voided face check took back credit it
 * was earned with. Such a certificate (and only such: a manager's 撤销 stands) is renewed with a
 * new number once its class is complete again (features/certificates issueEarned).
 */
export const WITHDRAWN_FOR_VOID = '人脸核验作废，所计学时已扣回，重新完成学习后换发';

export const isWithdrawnForVoid = (cert: { status: string; revoke_reason: string | null }) =>
  cert.status === 'revoked' && cert.revoke_reason === WITHDRAWN_FOR_VOID;

/**
 * After a void recomputed a membership's records: when a course of it is no longer complete,
 * its valid certificate no longer stands and verifies as revoked from now on. Returns the
 * withdrawn certificate's number, or null. Call in the void's transaction.
 */
export async function withdrawIfIncomplete(db: Db, trainPersonId: string, now: number): Promise<string | null> {
  const open = await db
    .selectFrom('train_person_courses')
    .select('id')
    .where('train_person_id', '=', trainPersonId)
    .where('learn_status', '!=', LearnStatus.COMPLETED)
    .executeTakeFirst();
  if (!open) return null;
  const withdrawn = await db
    .updateTable('certificates')
    .set({ status: 'revoked', revoked_at: now, revoke_reason: WITHDRAWN_FOR_VOID })
    .where('train_person_id', '=', trainPersonId)
    .where('status', '=', 'valid')
    .returning('number')
    .executeTakeFirst();
  return withdrawn?.number ?? null;
}

/** Each class's certificates that stand (valid), by class: the console warns before its courses change. */
export async function countValidCertificatesOfClasses(db: Db, classIds: readonly string[]) {
  if (classIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('certificates as c')
    .innerJoin('train_persons as tp', 'tp.id', 'c.train_person_id')
    .select((eb) => ['tp.class_id', eb.fn.countAll<number>().as('n')])
    .where('tp.class_id', 'in', classIds)
    .where('c.status', '=', 'valid')
    .groupBy('tp.class_id')
    .execute();
  return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
}
