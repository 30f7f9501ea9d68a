import type { Insertable } from 'kysely';
import type { Db } from '../../infra/database.js';
import type { CertificatesTable } from '../../infra/db-schema.js';

/** A person's class memberships with their courses' states: what a certificate is earned by. */
export async function findMembershipProgress(db: Db, personId: string) {
  return db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .innerJoin('persons as p', 'p.id', 'tp.person_id')
    .leftJoin('train_person_courses as pc', 'pc.train_person_id', 'tp.id')
    .leftJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .select([
      'tp.id as train_person_id',
      'c.id as class_id',
      'c.name as class_name',
      'c.org_id',
      'p.name as person_name',
      'pc.learn_status',
      'pc.end_time',
      'cc.class_hours',
    ])
    .where('tp.person_id', '=', personId)
    .execute();
}

/** Memberships with face checks not yet passed, and how many (a certificate waits for them). */
export async function findMembersWithOpenChecks(db: Db, personId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('face_checks')
    .select('train_person_id')
    .where('person_id', '=', personId)
    .where('status', '!=', 'passed')
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.train_person_id, (counts.get(r.train_person_id) ?? 0) + 1);
  return counts;
}

export async function insertCertificate(db: Db, row: Insertable<CertificatesTable>): Promise<boolean> {
  const result = await db
    .insertInto('certificates')
    .values(row)
    .onConflict((oc) => oc.column('train_person_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findCertificatesOfPerson(db: Db, personId: string) {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('person_id', '=', personId)
    .orderBy('issued_at', 'desc')
    .execute();
}

export async function findCertificate(db: Db, id: string) {
  return db
    .selectFrom('certificates as ce')
    .innerJoin('organisations as o', 'o.id', 'ce.org_id')
    .selectAll('ce')
    .select(['o.name as org_name', 'o.logo_file_id'])
    .where('ce.id', '=', id)
    .executeTakeFirst();
}

export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

export async function findCertificateByNumber(db: Db, number: string) {
  return db
    .selectFrom('certificates as ce')
    .innerJoin('organisations as o', 'o.id', 'ce.org_id')
    .selectAll('ce')
    .select(['o.name as org_name', 'o.logo_file_id'])
    .where('ce.number', '=', number)
    .executeTakeFirst();
}

export async function markPrinted(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('certificates')
    .set((eb) => ({ printed_at: now, print_count: eb('print_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function revokeCertificate(db: Db, id: string, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ status: 'revoked', revoked_at: now, revoke_reason: reason })
    .where('id', '=', id)
    .where('status', '=', 'valid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findLogo(db: Db, fileId: string) {
  return db.selectFrom('files').select(['storage_key', 'content_type']).where('id', '=', fileId).executeTakeFirst();
}
