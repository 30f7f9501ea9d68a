import { z } from 'zod';
import { idText, line } from './text.js';
import { fullFlag } from './reports.js';

/** One of the learner's certificates (their own page: the verification code included, to share). */
export const myCertificate = z.object({
  id: z.string(),
  number: z.string(),
  verifyCode: z.string(),
  className: z.string(),
  /** 学时 */
  hours: z.number(),
  issuedAt: z.string(),
  status: z.enum(['valid', 'revoked']),
  /** why it was revoked (a voided face check's withdrawal says it is renewed once he completes again) */
  revokeReason: z.string().nullable(),
  printedAt: z.string().nullable(),
  printCount: z.number(),
  /** the public verification page */
  verifyUrl: z.string(),
});

/** Where one of the learner's classes stands on its certificate. */
export const certificateProgress = z.object({
  trainPersonId: z.string(),
  trainClassId: z.string(),
  className: z.string(),
  /**
   * issued; revoked: a training manager revoked it (final); withheld: every course complete but a
   * face check still open; studying (a certificate a voided check withdrew is renewed from here)
   */
  status: z.enum(['issued', 'revoked', 'withheld', 'studying']),
  certificateId: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  /** courses not yet complete (an exam the class requires included) */
  coursesLeft: z.number(),
  /** face checks not yet passed */
  checksLeft: z.number(),
});
export type CertificateProgress = z.infer<typeof certificateProgress>;

export const verifyQuery = z.strictObject({
  number: line(40).pipe(z.string().trim().min(1, '请输入证书编号')),
  code: line(16).pipe(z.string().trim().min(1, '请输入查验码')),
});

/**
 * What a verifier learns: only enough to trust the paper in front of them — the holder's
 * name partly masked, no ID number. A wrong code reads as unknown (numbers cannot be probed).
 */
export const verifyResult = z.object({
  /** reissued: a number the certificate bore before a correction (已换发) */
  status: z.enum(['valid', 'revoked', 'reissued', 'unknown']),
  number: z.string().nullable(),
  holderName: z.string().nullable(),
  className: z.string().nullable(),
  hours: z.number().nullable(),
  orgName: z.string().nullable(),
  issuedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** when this number was replaced by a reissue */
  reissuedAt: z.string().nullable().optional(),
});

export const revokeBody = z.strictObject({ reason: line(200).pipe(z.string().trim().min(1, '请填写撤销原因')) });

export type MyCertificate = z.infer<typeof myCertificate>;
export type VerifyResult = z.infer<typeof verifyResult>;

/** 证书管理 (issue: Console III): the organisation's certificates, searched and filtered. */
export const managedCertificateQuery = z.strictObject({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** number, holder's name or class */
  q: line(40).optional(),
  status: z.enum(['valid', 'revoked']).optional(),
});
/** 证书管理 as a sheet: the page's search and status; ID numbers whole with `full=1` (audited either way). */
export const managedCertificateExportQuery = managedCertificateQuery
  .omit({ current: true, size: true })
  .extend({ full: fullFlag });
export const managedCertificate = z.object({
  id: z.string(),
  number: z.string(),
  personId: z.string(),
  holderName: z.string(),
  /** the holder's ID number, masked: which of two holders of one name */
  holderIdCard: z.string().nullable(),
  className: z.string(),
  hours: z.number(),
  issuedAt: z.string(),
  status: z.enum(['valid', 'revoked']),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  /** revoked by a voided face check: renewed once the class is complete again, unless a manager revokes it */
  withdrawn: z.boolean(),
  printCount: z.number(),
  /** the numbers it bore before a reissue, oldest first */
  formerNumbers: z.array(z.string()),
});
export type ManagedCertificate = z.infer<typeof managedCertificate>;
export const managedCertificatePage = z.object({ records: z.array(managedCertificate), total: z.number() });
export const reissueBody = z.strictObject({
  reason: line(200).pipe(z.string().trim().min(1, '请填写换发原因')),
});
export const issueBody = z.strictObject({ trainPersonId: line(64).pipe(z.string().min(1)) });

/** 证书模板: what an organisation's certificates say above and below the holder's lines. */
export const CERTIFICATE_DEFAULT_TITLE = '培训合格证书';
export const certificateTemplateBody = z.strictObject({
  title: line(20).pipe(z.string().trim().min(1, '请输入证书标题')),
  /** e.g. 培训负责人：王建国 — empty: none */
  signatureLine: line(40).pipe(z.string().trim()),
  /** an uploaded CertificateSeal image (PNG or JPEG); null: no seal */
  sealFileId: idText().nullable(),
});
export type CertificateTemplateBody = z.infer<typeof certificateTemplateBody>;
export const certificateTemplate = z.object({
  title: z.string(),
  signatureLine: z.string(),
  sealFileId: z.string().nullable(),
  /** the seal as the console shows it (a signed link) */
  sealUrl: z.string().nullable(),
  /** when it was last saved; null: the plain template, never changed */
  updatedAt: z.string().nullable(),
});
export type CertificateTemplate = z.infer<typeof certificateTemplate>;
