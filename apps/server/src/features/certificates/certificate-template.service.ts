import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import {
  CERTIFICATE_DEFAULT_TITLE,
  type CertificateTemplate,
  type CertificateTemplateBody,
} from '@anxun/shared/schemas/certificates';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { signedFileUrl } from '../../core/file-url.js';
import { findOrgById } from '../../core/org.repository.js';
import { recordTimeOrNull } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/database.js';
import { pdfImage } from '../../infra/pdf-image.js';
import { renderCertificatePdf, type CertificateArtwork } from './certificate-pdf.js';
import { findLogo } from './certificate.repository.js';
import { findCurrentTemplate, findSealOfOrg, findTemplate, insertTemplate } from './certificate-template.repository.js';
import { bytesOf } from '../../infra/stream-bytes.js';

const PLAIN = { title: CERTIFICATE_DEFAULT_TITLE, signature_line: '', seal_file_id: null };
const PDF_IMAGE = /^image\/(png|jpeg)$/;

/**
 * A stored image (a logo, a seal) re-encoded so the PDF library can draw it safely (pdfImage);
 * undefined when there is none or it cannot be read.
 */
export async function imageBytes(
  ctx: AppContext,
  file: { storage_key: string; content_type: string } | undefined,
): Promise<Buffer | undefined> {
  if (!file || !PDF_IMAGE.test(file.content_type)) return undefined;
  const stream = await ctx.files.read(file.storage_key);
  return stream ? pdfImage(await bytesOf(stream), 600) : undefined;
}

/** What a certificate issued under this template shows: title, signature line, seal. */
export async function artworkOf(ctx: AppContext, templateId: string | null): Promise<CertificateArtwork> {
  const t = (templateId ? await findTemplate(ctx.db, templateId) : undefined) ?? PLAIN;
  return {
    title: t.title,
    signatureLine: t.signature_line,
    seal: t.seal_file_id ? await imageBytes(ctx, await findLogo(ctx.db, t.seal_file_id)) : undefined,
  };
}

/** 证书模板 as it stands (the plain one until a manager saves his own). */
export async function certificateTemplate(ctx: AppContext, user: AuthUser): Promise<CertificateTemplate> {
  const t = await findCurrentTemplate(ctx.db, user.orgId);
  return {
    title: t?.title ?? PLAIN.title,
    signatureLine: t?.signature_line ?? PLAIN.signature_line,
    sealFileId: t?.seal_file_id ?? null,
    sealUrl: t?.seal_file_id ? signedFileUrl(ctx.keys.secret, t.seal_file_id, ctx.now()) : null,
    updatedAt: recordTimeOrNull(t?.created_at ?? null),
  };
}

async function sealOf(ctx: AppContext, user: AuthUser, sealFileId: string | null) {
  if (sealFileId === null) return undefined;
  const file = await findSealOfOrg(ctx.db, user.orgId, sealFileId);
  if (!file) throw new AppError(ErrorCode.NOT_FOUND, '印章图片不存在，请重新上传');
  if (!PDF_IMAGE.test(file.content_type)) throw new AppError(ErrorCode.BAD_REQUEST, '印章图片只能是PNG或JPG格式');
  const image = await imageBytes(ctx, file);
  if (!image) throw new AppError(ErrorCode.BAD_REQUEST, '印章图片无法读取，请重新上传');
  return image;
}

/**
 * Saves the template as a new version; certificates issued or reissued from now on carry it,
 * those issued before keep theirs. Audited.
 */
export async function saveCertificateTemplate(
  ctx: AppContext,
  user: AuthUser,
  body: CertificateTemplateBody,
  ip: string,
): Promise<CertificateTemplate> {
  await sealOf(ctx, user, body.sealFileId);
  const before = await certificateTemplate(ctx, user);
  const now = ctx.now();
  const id = crypto.randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await insertTemplate(trx, {
      id,
      org_id: user.orgId,
      title: body.title,
      signature_line: body.signatureLine,
      seal_file_id: body.sealFileId,
      created_at: now,
      created_by: user.personId,
    });
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'certificate.template',
      targetType: 'organisation',
      targetId: user.orgId,
      summary: {
        before: { title: before.title, signatureLine: before.signatureLine, sealFileId: before.sealFileId },
        after: { ...body, templateId: id },
      },
      now,
    });
  });
  return certificateTemplate(ctx, user);
}

/** The template, unsaved, on a sample certificate: what a learner's will look like. */
export async function previewCertificateTemplate(
  ctx: AppContext,
  user: AuthUser,
  body: CertificateTemplateBody,
  origin: string,
): Promise<Buffer> {
  const seal = await sealOf(ctx, user, body.sealFileId);
  const org = await findOrgById(ctx.db, user.orgId);
  return renderCertificatePdf({
    number: 'AX0000SAMPLE00',
    holderName: '张三（样例）',
    className: '示例安全生产培训班',
    hours: 24,
    orgName: org?.name ?? '',
    issuedAt: new Date(ctx.now()),
    verifyUrl: `${origin}/#/card`,
    logo: await imageBytes(ctx, org?.logo_file_id ? await findLogo(ctx.db, org.logo_file_id) : undefined),
    artwork: { title: body.title, signatureLine: body.signatureLine, seal },
  });
}

/** The template a certificate issued now carries. */
export async function currentTemplateId(db: Db, orgId: string): Promise<string | null> {
  return (await findCurrentTemplate(db, orgId))?.id ?? null;
}
