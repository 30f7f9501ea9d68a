import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import { LearnStatus } from '@anxun/shared/constants';
import { WITHDRAWN_FOR_VOID } from '../../core/certificate-withdrawal.js';
import { parseFaceCheckRules } from '../../core/face-check-rules.js';
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

/**
 * Face checks not yet passed (of the memberships given, or all of a person's) in classes that
 * still check faces: a manager who switched a class's checks off (编辑班级, audited) no longer
 * asks for those owed under the rules before — they hold no certificate (helper-85: a check
 * left open then held one for good, with nothing a manager could do).
 */
const openChecks = (db: Db) =>
  db
    .selectFrom('face_checks as f')
    .innerJoin('train_persons as tp', 'tp.id', 'f.train_person_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select(['f.train_person_id', 'c.rules'])
    .where('f.status', '!=', 'passed');
const stillAsked = <T extends { rules: string }>(rows: T[]) => rows.filter((r) => parseFaceCheckRules(r.rules).enabled);

/** Memberships with face checks not yet passed, and how many (a certificate waits for them). */
export async function findMembersWithOpenChecks(db: Db, personId: string): Promise<Map<string, number>> {
  const rows = stillAsked(await openChecks(db).where('f.person_id', '=', personId).execute());
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.train_person_id, (counts.get(r.train_person_id) ?? 0) + 1);
  return counts;
}

/**
 * Whether a membership has its certificate earned now: every course complete and no face check
 * open. Read under the learner's lock, just before a certificate is issued or renewed.
 */
export async function isStillEarned(db: Db, trainPersonId: string): Promise<boolean> {
  const [courses, open] = await Promise.all([
    db
      .selectFrom('train_person_courses')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.sum<number>(eb.case().when('learn_status', '=', LearnStatus.COMPLETED).then(1).else(0).end()).as('done'),
      ])
      .where('train_person_id', '=', trainPersonId)
      .executeTakeFirstOrThrow(),
    openChecks(db).where('f.train_person_id', '=', trainPersonId).execute().then(stillAsked),
  ]);
  return Number(courses.all) > 0 && Number(courses.done) === Number(courses.all) && open.length === 0;
}

export async function insertCertificate(db: Db, row: Insertable<CertificatesTable>): Promise<boolean> {
  const result = await db
    .insertInto('certificates')
    .values(row)
    .onConflict((oc) => oc.column('train_person_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * A certificate withdrawn by a void, earned again: valid under a new number and code, dated by
 * the new completion; the number it bore stays in certificate_reissues (verifies as 已换发).
 * False when it is not withdrawn (any more).
 */
export async function renewCertificate(
  db: Db,
  old: { id: string; number: string; verify_code: string; person_name: string; hours: number; issued_at: number },
  next: {
    number: string;
    verifyCode: string;
    personName: string;
    hours: number;
    issuedAt: number;
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
      issued_at: next.issuedAt,
      status: 'valid',
      revoked_at: null,
      revoke_reason: null,
      printed_at: null,
      print_count: 0,
      template_id: next.templateId,
    })
    .where('id', '=', old.id)
    .where('number', '=', old.number)
    .where('status', '=', 'revoked')
    .where('revoke_reason', '=', WITHDRAWN_FOR_VOID)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  // replaced when he completed again (renewed at his next page view)
  await recordFormerNumber(db, old, { reason: '人脸核验作废后重新完成学习', at: next.issuedAt, by: null });
  return true;
}

/** A number a certificate bore before it was reissued or renewed: it verifies as 已换发, with what it said then. */
export async function recordFormerNumber(
  db: Db,
  old: { id: string; number: string; verify_code: string; person_name: string; hours: number; issued_at: number },
  change: { reason: string; at: number; by: string | null },
): Promise<void> {
  await db
    .insertInto('certificate_reissues')
    .values({
      id: crypto.randomUUID(),
      certificate_id: old.id,
      number: old.number,
      verify_code: old.verify_code,
      person_name: old.person_name,
      hours: old.hours,
      issued_at: old.issued_at,
      reason: change.reason,
      reissued_at: change.at,
      reissued_by: change.by,
    })
    .execute();
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

/**
 * A manager's 撤销: of a valid certificate, or of one a void withdrew (his reason replaces the
 * withdrawal's, and it is then never renewed). False when it was his revocation already.
 */
export async function revokeCertificate(db: Db, id: string, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ status: 'revoked', revoked_at: now, revoke_reason: reason })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'valid'),
        eb.and([eb('status', '=', 'revoked'), eb('revoke_reason', '=', WITHDRAWN_FOR_VOID)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findLogo(db: Db, fileId: string) {
  return db.selectFrom('files').select(['storage_key', 'content_type']).where('id', '=', fileId).executeTakeFirst();
}
