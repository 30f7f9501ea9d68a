import crypto from 'node:crypto';
import { LearnStatus } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { maskName } from '@anxun/shared/validators';
import type { AppContext } from '../../app-context.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { safeEqual } from '../../infra/crypto.js';
import { findReissueByNumber } from './certificate-admin.repository.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import { artworkOf, currentTemplateId, imageBytes } from './certificate-template.service.js';
import {
  findCertificate,
  findCertificateByNumber,
  findCertificatesOfPerson,
  findLogo,
  findMembersWithOpenChecks,
  findMembershipProgress,
  insertCertificate,
  isStillEarned,
  markPrinted,
  renewCertificate,
  type CertificateRow,
} from './certificate.repository.js';
import { recordTimeOrNull } from '../../core/record-time.js';
import { isWithdrawnForVoid } from '../../core/certificate-withdrawal.js';
import { lockPersonRows } from '../../core/person.repository.js';
import { notifyPerson } from '../../core/person-notice.js';

/** Letters and digits a person reads off paper without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const randomCode = (length: number) =>
  Array.from({ length }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');

export const verifyUrl = (origin: string, number: string, code: string) =>
  `${origin}/#/card?no=${encodeURIComponent(number)}&code=${encodeURIComponent(code)}`;

/** A certificate's 学时: those its class's courses require, together. */
export const certificateHours = (courses: ReadonlyArray<{ class_hours: number | null }>) =>
  Math.round(courses.reduce((s, c) => s + (c.class_hours ?? 0), 0) * 100) / 100;

/**
 * Issues the certificates a person has earned and not yet received: one per class whose
 * courses are all complete (学时 met, exams passed where the class requires them) and whose
 * face checks have all passed. Dated when the last course was completed. Idempotent: a
 * membership has at most one.
 */
export async function issueEarned(ctx: AppContext, personId: string): Promise<void> {
  const rows = await findMembershipProgress(ctx.db, personId);
  const certificates = await findCertificatesOfPerson(ctx.db, personId);
  const have = new Set(certificates.filter((c) => !isWithdrawnForVoid(c)).map((c) => c.train_person_id));
  const withdrawn = new Map(certificates.filter(isWithdrawnForVoid).map((c) => [c.train_person_id, c]));
  // an identity check still open (the one at the end of the last unit, say) comes first
  const unchecked = await findMembersWithOpenChecks(ctx.db, personId);
  const byMember = new Map<string, typeof rows>();
  for (const row of rows) byMember.set(row.train_person_id, [...(byMember.get(row.train_person_id) ?? []), row]);
  for (const [trainPersonId, courses] of byMember) {
    if (have.has(trainPersonId) || (unchecked.get(trainPersonId) ?? 0) > 0) continue;
    const complete = courses.length > 0 && courses.every((c) => c.learn_status === LearnStatus.COMPLETED);
    if (!complete) continue;
    const first = courses[0]!;
    const issuedAt = Math.max(...courses.map((c) => c.end_time ?? 0)) || ctx.now();
    const hours = certificateHours(courses);
    const templateId = await currentTemplateId(ctx.db, first.org_id);
    const former = withdrawn.get(trainPersonId);
    // a clash of random numbers is retried (each try its own transaction)
    for (let attempt = 0; ; attempt++) {
      try {
        await ctx.db.transaction().execute(async (trx) => {
          // the reads above may be stale: a void may have taken credit back meanwhile. Under the
          // learner's lock (the void and the credit batch take it too) it is earned, or not issued
          await lockPersonRows(trx, ctx.dialect, [personId]);
          if (!(await isStillEarned(trx, trainPersonId))) return;
          const number = `AX${new Date(issuedAt).getUTCFullYear()}${randomCode(8)}`;
          if (former) {
            // complete again after a void took its credit: the certificate is renewed under a new
            // number, dated by this completion; the withdrawn number verifies as 已换发
            const renewed = await renewCertificate(trx, former, {
              number,
              verifyCode: randomCode(6),
              personName: first.person_name,
              hours,
              issuedAt,
              templateId,
            });
            if (renewed) {
              await notifyPerson(trx, {
                personId,
                title: '培训合格证书已换发',
                content: `您已重新完成「${first.class_name}」的学习，培训合格证书已换发，新编号 ${number}（原编号 ${former.number} 不再有效）。`,
                now: ctx.now(),
              });
            }
            return;
          }
          // a clash of memberships means it was issued meanwhile: nothing inserted
          await insertCertificate(trx, {
            id: crypto.randomUUID(),
            number,
            verify_code: randomCode(6),
            person_id: personId,
            train_person_id: trainPersonId,
            org_id: first.org_id,
            person_name: first.person_name,
            class_name: first.class_name,
            hours,
            issued_at: issuedAt,
            status: 'valid',
            revoked_at: null,
            revoke_reason: null,
            printed_at: null,
            template_id: templateId,
          });
        });
        break;
      } catch (err) {
        if (!/unique|duplicate/i.test(String((err as Error).message)) || attempt === 4) throw err;
      }
    }
  }
}

const iso = recordTimeOrNull;

/**
 * Where each of the learner's classes stands on its certificate: issued, withheld (every
 * course complete, but a face check still open), or still studying — with what is left, so
 * a withheld certificate is never silent.
 */
export async function certificateProgress(ctx: AppContext, user: AuthUser) {
  await issueEarned(ctx, user.personId);
  const [rows, certificates, openChecks] = await Promise.all([
    findMembershipProgress(ctx.db, user.personId),
    findCertificatesOfPerson(ctx.db, user.personId),
    findMembersWithOpenChecks(ctx.db, user.personId),
  ]);
  // a certificate withdrawn by a void is not his until he completes again
  const certificateOf = new Map(certificates.filter((c) => !isWithdrawnForVoid(c)).map((c) => [c.train_person_id, c]));
  const byMember = new Map<string, typeof rows>();
  for (const row of rows) byMember.set(row.train_person_id, [...(byMember.get(row.train_person_id) ?? []), row]);
  return [...byMember].map(([trainPersonId, courses]) => {
    const certificate = certificateOf.get(trainPersonId);
    const coursesLeft = courses.filter(
      (c) => c.learn_status !== null && c.learn_status !== LearnStatus.COMPLETED,
    ).length;
    const checksLeft = openChecks.get(trainPersonId) ?? 0;
    const status = certificate
      ? certificate.status === 'revoked'
        ? 'revoked'
        : 'issued'
      : coursesLeft > 0
        ? 'studying'
        : checksLeft > 0
          ? 'withheld'
          : 'studying';
    return {
      trainPersonId,
      trainClassId: courses[0]!.class_id,
      className: courses[0]!.class_name,
      status,
      certificateId: certificate?.id ?? null,
      certificateNumber: certificate?.number ?? null,
      coursesLeft,
      checksLeft,
    } as const;
  });
}

export async function myCertificates(ctx: AppContext, user: AuthUser, origin: string) {
  await issueEarned(ctx, user.personId);
  const rows = await findCertificatesOfPerson(ctx.db, user.personId);
  return rows.map((c) => ({
    id: c.id,
    number: c.number,
    verifyCode: c.verify_code,
    className: c.class_name,
    hours: c.hours,
    issuedAt: iso(c.issued_at)!,
    status: c.status,
    revokeReason: c.revoke_reason,
    printedAt: iso(c.printed_at),
    printCount: c.print_count,
    verifyUrl: verifyUrl(origin, c.number, c.verify_code),
  }));
}

async function ownCertificate(ctx: AppContext, user: AuthUser, id: string): Promise<CertificateRow> {
  const cert = await findCertificate(ctx.db, id);
  if (!cert || cert.person_id !== user.personId) throw new AppError(ErrorCode.NOT_FOUND, '证书不存在');
  return cert;
}

export async function certificatePdf(ctx: AppContext, user: AuthUser, id: string, origin: string) {
  const cert = await ownCertificate(ctx, user, id);
  if (cert.status !== 'valid') throw new AppError(ErrorCode.GONE, '证书已撤销');
  const logo = await imageBytes(ctx, cert.logo_file_id ? await findLogo(ctx.db, cert.logo_file_id) : undefined);
  const pdf = await renderCertificatePdf({
    number: cert.number,
    holderName: cert.person_name,
    className: cert.class_name,
    hours: cert.hours,
    orgName: cert.org_name,
    issuedAt: new Date(cert.issued_at),
    verifyUrl: verifyUrl(origin, cert.number, cert.verify_code),
    logo,
    artwork: await artworkOf(ctx, cert.template_id),
  });
  return { pdf, number: cert.number };
}

/** upIsPrinting: the learner printed it (the time and the count are kept). */
export async function recordPrinting(ctx: AppContext, user: AuthUser, id: string) {
  const cert = await ownCertificate(ctx, user, id);
  await markPrinted(ctx.db, cert.id, ctx.now());
  const after = (await findCertificate(ctx.db, cert.id))!;
  return { printedAt: iso(after.printed_at)!, printCount: after.print_count };
}

/** The public check: number and code must both match; anything else is simply unknown. */
export async function verifyCertificate(ctx: AppContext, number: string, code: string, ip: string) {
  const wait = await ctx.limiters.certificateVerifyPerIp.hit(ip);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, '查验过于频繁，请稍后再试', wait);
  const unknown = {
    status: 'unknown' as const,
    number: null,
    holderName: null,
    className: null,
    hours: null,
    orgName: null,
    issuedAt: null,
    revokedAt: null,
  };
  const wanted = number.trim().toUpperCase();
  const cert = await findCertificateByNumber(ctx.db, wanted);
  if (!cert) {
    // a number the certificate bore before a correction: 已换发, with what it said then
    const former = await findReissueByNumber(ctx.db, wanted);
    if (!former || !safeEqual(former.verify_code, code.trim().toUpperCase())) return unknown;
    // the certificate that replaced it was revoked since: this paper is no more valid than that one
    const revoked = former.current_status === 'revoked';
    return {
      status: revoked ? ('revoked' as const) : ('reissued' as const),
      number: former.number,
      holderName: maskName(former.person_name),
      className: former.class_name,
      hours: former.hours,
      orgName: former.org_name,
      issuedAt: iso(former.issued_at),
      revokedAt: revoked ? iso(former.current_revoked_at) : null,
      reissuedAt: iso(former.reissued_at),
    };
  }
  if (!safeEqual(cert.verify_code, code.trim().toUpperCase())) return unknown;
  return {
    status: cert.status,
    number: cert.number,
    holderName: maskName(cert.person_name),
    className: cert.class_name,
    hours: cert.hours,
    orgName: cert.org_name,
    issuedAt: iso(cert.issued_at),
    revokedAt: iso(cert.revoked_at),
  };
}
