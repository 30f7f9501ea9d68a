import { currentTemplateId } from './certificate-template.service.js';
import { LearnStatus } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import type { ManagedCertificate, managedCertificateQuery } from '@anxun/shared/schemas/certificates';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { maskedIdCard } from '../../core/id-cards.js';
import { findPersonById, lockPersonRows } from '../../core/person.repository.js';
import { recordTime, recordTimeOrNull } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { isWithdrawnForVoid, WITHDRAWN_FOR_VOID } from '../../core/certificate-withdrawal.js';
import { notifyPerson } from '../../core/person-notice.js';
import { AppError } from '../../http/app-error.js';
import {
  findCertificateOfOrg,
  findCertificatesOfOrg,
  findFormerNumbers,
  findHolderIdCards,
  findMembershipOfOrg,
  reissueCertificate,
} from './certificate-admin.repository.js';
import {
  findCertificatesOfPerson,
  findMembershipProgress,
  findMembersWithOpenChecks,
  revokeCertificate,
} from './certificate.repository.js';
import { certificateHours, issueEarned, randomCode } from './certificate.service.js';

/**
 * 证书管理 (issue: Console III): the organisation's certificates listed and searched, revoked
 * with a reason, reissued after a correction (a new number; the old one verifies as 已换发),
 * and issued on a manager's word for a member who has completed every course. Each is audited.
 */

type CertRow = NonNullable<Awaited<ReturnType<typeof findCertificateOfOrg>>>;
const notFound = () => new AppError(ErrorCode.NOT_FOUND, '证书不存在');

export async function listCertificates(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof managedCertificateQuery>,
): Promise<{ records: ManagedCertificate[]; total: number }> {
  const { rows, total } = await findCertificatesOfOrg(ctx.db, user.orgId, {
    q: query.q,
    status: query.status,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  const [former, idCards] = await Promise.all([
    findFormerNumbers(
      ctx.db,
      rows.map((r) => r.id),
    ),
    findHolderIdCards(ctx.db, [...new Set(rows.map((r) => r.person_id))]),
  ]);
  return {
    total,
    records: rows.map((r) => ({
      id: r.id,
      number: r.number,
      personId: r.person_id,
      holderName: r.person_name,
      holderIdCard: maskedIdCard(ctx.keys.idCards, r.person_id, idCards.get(r.person_id) ?? null),
      className: r.class_name,
      hours: r.hours,
      issuedAt: recordTime(r.issued_at),
      status: r.status,
      revokedAt: recordTimeOrNull(r.revoked_at),
      revokeReason: r.revoke_reason,
      withdrawn: isWithdrawnForVoid(r),
      printCount: r.print_count,
      formerNumbers: former.filter((f) => f.certificate_id === r.id).map((f) => f.number),
    })),
  };
}

async function audit(
  ctx: AppContext,
  user: AuthUser,
  ip: string,
  action: string,
  cert: Pick<CertRow, 'id' | 'number'>,
  after: Record<string, unknown>,
) {
  await recordAudit(ctx.db, {
    actor: user,
    ip,
    action,
    targetType: 'certificate',
    targetId: cert.id,
    summary: { before: { number: cert.number }, after },
    now: ctx.now(),
  });
}

/** 撤销: the certificate verifies as revoked from now on; its PDF is no longer served. */
export async function revokeAsManager(ctx: AppContext, user: AuthUser, id: string, reason: string, ip: string) {
  const cert = await findCertificateOfOrg(ctx.db, user.orgId, id);
  if (!cert) throw notFound();
  // his words are his revocation's: a reason that read as the void's withdrawal would be renewed
  const told = reason === WITHDRAWN_FOR_VOID ? `${reason}（培训管理员撤销）` : reason;
  if (!(await revokeCertificate(ctx.db, id, told, ctx.now()))) {
    throw new AppError(ErrorCode.DUPLICATE, '证书已撤销');
  }
  // the holder hears it from the platform, not from a verifier (and a withdrawn one: it stays so)
  await notifyPerson(ctx.db, {
    personId: cert.person_id,
    title: '培训合格证书已撤销',
    content:
      `您的培训合格证书（编号 ${cert.number}，${cert.class_name}）已被培训管理员撤销，原因：${reason}。` +
      (isWithdrawnForVoid(cert) ? '重新完成学习也不再换发。' : '') +
      '如有疑问请联系培训管理员。',
    now: ctx.now(),
  });
  await audit(ctx, user, ip, 'certificate.revoke', cert, { reason });
}

/**
 * 换发: after a correction (the holder's name, say) the certificate gets a new number and
 * code and the holder's name as the record now has it; the old number stays on record and
 * verifies as 已换发. A revoked certificate is not reissued. Its 学时 are the class's as they
 * are now when he has completed every course of it (a course added to the class after the
 * certificate, and completed since), else they stay as issued.
 */
export async function reissueAsManager(ctx: AppContext, user: AuthUser, id: string, reason: string, ip: string) {
  const cert = await findCertificateOfOrg(ctx.db, user.orgId, id);
  if (!cert) throw notFound();
  if (cert.status !== 'valid') throw new AppError(ErrorCode.DUPLICATE, '已撤销的证书不能换发');
  const person = await findPersonById(ctx.db, cert.person_id);
  const now = ctx.now();
  const number = `AX${new Date(now).getUTCFullYear()}${randomCode(8)}`;
  let done = false;
  let hours = cert.hours;
  await ctx.db.transaction().execute(async (trx) => {
    // his courses as they stand under his lock (a void or a credit batch may be changing them)
    await lockPersonRows(trx, ctx.dialect, [cert.person_id]);
    const courses = (await findMembershipProgress(trx, cert.person_id)).filter(
      (c) => c.train_person_id === cert.train_person_id,
    );
    const complete = courses.length > 0 && courses.every((c) => c.learn_status === LearnStatus.COMPLETED);
    if (complete) hours = certificateHours(courses);
    done = await reissueCertificate(trx, cert, {
      number,
      verifyCode: randomCode(6),
      personName: person?.name ?? cert.person_name,
      hours,
      now,
      reason,
      by: user.personId,
      templateId: await currentTemplateId(trx, user.orgId),
    });
  });
  if (!done) throw new AppError(ErrorCode.DUPLICATE, '证书已被修改，请刷新后重试');
  await audit(ctx, user, ip, 'certificate.reissue', cert, {
    number,
    reason,
    ...(hours !== cert.hours ? { hours } : {}),
  });
  return { number };
}

/**
 * 发证 on the manager's word for a member whose courses are all complete: the certificate he
 * has earned, issued now. A face check still open keeps it back, and says so.
 */
export async function issueForMember(ctx: AppContext, user: AuthUser, trainPersonId: string, ip: string) {
  const member = await findMembershipOfOrg(ctx.db, user.orgId, trainPersonId);
  if (!member) throw new AppError(ErrorCode.NOT_FOUND, '学员不在本单位的班级中');
  const has = async () =>
    (await findCertificatesOfPerson(ctx.db, member.person_id)).find(
      (c) => c.train_person_id === trainPersonId && !isWithdrawnForVoid(c),
    );
  if (await has()) throw new AppError(ErrorCode.DUPLICATE, '该学员已获得本班证书');
  const courses = (await findMembershipProgress(ctx.db, member.person_id)).filter(
    (c) => c.train_person_id === trainPersonId,
  );
  const left = courses.filter((c) => c.learn_status !== LearnStatus.COMPLETED).length;
  if (courses.length === 0 || left > 0) {
    throw new AppError(ErrorCode.DUPLICATE, `还有${Math.max(left, 1)}门课程未完成，不能发证`);
  }
  const open = (await findMembersWithOpenChecks(ctx.db, member.person_id)).get(trainPersonId) ?? 0;
  if (open > 0) throw new AppError(ErrorCode.DUPLICATE, `还有${open}次人脸核验未完成，不能发证`);
  await issueEarned(ctx, member.person_id);
  const cert = await has();
  if (!cert) throw new AppError(ErrorCode.DUPLICATE, '证书未能签发，请刷新后重试');
  await audit(ctx, user, ip, 'certificate.issue', cert, { trainPersonId });
  return { id: cert.id, number: cert.number };
}
