import { recordFormerNumber } from './certificate.repository.js';
import type { Db } from '../../infra/database.js';

/** The console's side of certificates (this feature writes them, and their reissues). */
export async function findCertificatesOfOrg(
  db: Db,
  orgId: string,
  filter: { q?: string | undefined; status?: 'valid' | 'revoked' | undefined; offset: number; limit: number },
) {
  let q = db.selectFrom('certificates').where('org_id', '=', orgId);
  if (filter.status) q = q.where('status', '=', filter.status);
  const text = filter.q?.trim().replace(/[%_\\]/g, '');
  if (text) {
    q = q.where((eb) =>
      eb.or([
        eb('number', 'like', `%${text.toUpperCase()}%`),
        eb('person_name', 'like', `%${text}%`),
        eb('class_name', 'like', `%${text}%`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('issued_at', 'desc').orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findCertificateOfOrg(db: Db, orgId: string, id: string) {
  return db.selectFrom('certificates').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

/** The holders' sealed ID numbers, by person. */
export async function findHolderIdCards(db: Db, personIds: string[]) {
  if (personIds.length === 0) return new Map<string, string | null>();
  const rows = await db.selectFrom('persons').select(['id', 'id_card_enc']).where('id', 'in', personIds).execute();
  return new Map(rows.map((r) => [r.id, r.id_card_enc]));
}

/** The numbers these certificates bore before their reissues, oldest first. */
export async function findFormerNumbers(db: Db, certificateIds: string[]) {
  if (certificateIds.length === 0) return [];
  return db
    .selectFrom('certificate_reissues')
    .select(['certificate_id', 'number'])
    .where('certificate_id', 'in', certificateIds)
    .orderBy('reissued_at')
    .execute();
}

/** A number a certificate bore before a reissue, with what it said then. */
export async function findReissueByNumber(db: Db, number: string) {
  return db
    .selectFrom('certificate_reissues as r')
    .innerJoin('certificates as ce', 'ce.id', 'r.certificate_id')
    .innerJoin('organisations as o', 'o.id', 'ce.org_id')
    .select([
      'r.number',
      'r.verify_code',
      'r.person_name',
      'r.hours',
      'r.issued_at',
      'r.reissued_at',
      'ce.class_name',
      'ce.status as current_status',
      'ce.revoked_at as current_revoked_at',
      'o.name as org_name',
    ])
    .where('r.number', '=', number)
    .executeTakeFirst();
}

/**
 * Gives a valid certificate a new number and code (and the holder's name and 学时 as they are now),
 * keeping the old number in certificate_reissues; false when it is no longer valid.
 */
export async function reissueCertificate(
  db: Db,
  old: { id: string; number: string; verify_code: string; person_name: string; hours: number; issued_at: number },
  next: {
    number: string;
    verifyCode: string;
    personName: string;
    hours: number;
    now: number;
    reason: string;
    by: string;
    templateId: string | null;
  },
): Promise<boolean> {
  const updated = await db
    .updateTable('certificates')
    .set({
      number: next.number,
      verify_code: next.verifyCode,
      person_name: next.personName,
      hours: next.hours,
      issued_at: next.now,
      printed_at: null,
      print_count: 0,
      template_id: next.templateId,
    })
    .where('id', '=', old.id)
    .where('number', '=', old.number)
    .where('status', '=', 'valid')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await recordFormerNumber(db, old, { reason: next.reason, at: next.now, by: next.by });
  return true;
}

/** The membership of an organisation's class, with the person it belongs to. */
export async function findMembershipOfOrg(db: Db, orgId: string, trainPersonId: string) {
  return db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select(['tp.id', 'tp.person_id'])
    .where('c.org_id', '=', orgId)
    .where('tp.id', '=', trainPersonId)
    .executeTakeFirst();
}
