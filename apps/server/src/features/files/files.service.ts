import crypto from 'node:crypto';
import { AVATAR_MAX_BYTES, FileType, Role } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { IMAGE_TYPES, type FileRecord } from '@anxun/shared/schemas/files';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { isValidFileSignature, publicFileUrl, signedFileUrl } from '../../core/file-url.js';
import type { AuthUser } from '../../core/session.service.js';
import { recordAudit } from '../../core/audit.js';
import type { Db } from '../../infra/database.js';
import { AppError } from '../../http/app-error.js';
import { findPersonById } from '../../core/person.repository.js';
import { findOrgById } from '../../core/org.repository.js';
import sharp from 'sharp';
import {
  deleteFileRow,
  findFileById,
  findFilesByOwnerObject,
  storeFile,
  type FileRow,
  findBookOrg,
  findQuestionBookOrg,
  isSealInUse,
} from './files.repository.js';
import { recordTime } from '../../core/record-time.js';
import { publishPersonsChanged } from '../../core/person-cache.js';

export { AVATAR_MAX_BYTES };

const isPublic = (file: Pick<FileRow, 'otc_type'>) =>
  file.otc_type === FileType.LOGO || file.otc_type === FileType.COURSE_COVER;

function toRecord(ctx: AppContext, row: FileRow): FileRecord {
  return {
    id: row.id,
    otcId: row.otc_id,
    otcType: row.otc_type,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    filePath: isPublic(row) ? publicFileUrl(row.id) : signedFileUrl(ctx.keys.secret, row.id, ctx.now()),
    createTime: recordTime(row.created_at),
  };
}

/**
 * Who may see or change files attached to an object: the owner, or an admin of its
 * organisation. Another organisation's object, or none, is `unseen` (404, as every other
 * route answers for it); one of the user's own organisation he may not touch, `forbidden`.
 */
async function access(
  ctx: AppContext,
  user: AuthUser,
  otcType: string,
  otcId: string,
): Promise<'allowed' | 'forbidden' | 'unseen'> {
  if (otcType === FileType.AVATAR) {
    if (otcId === user.personId) return 'allowed';
    if (user.role !== Role.ADMIN) return 'forbidden';
    // a manager looks after his learners' pictures, not a fellow manager's or the operator's
    const person = await findPersonById(ctx.db, otcId);
    if (person?.org_id !== user.orgId) return 'unseen';
    return person.role === Role.LEARNER ? 'allowed' : 'forbidden';
  }
  if (otcType === FileType.COURSE_COVER || otcType === FileType.QUESTION_IMAGE) {
    // a manager's for his organisation's books and their questions; the platform operator's for the platform's own
    const book =
      otcType === FileType.COURSE_COVER ? await findBookOrg(ctx.db, otcId) : await findQuestionBookOrg(ctx.db, otcId);
    if (!book) return 'unseen';
    if (book.org_id === null) return user.role === Role.SUPER ? 'allowed' : 'forbidden';
    if (book.org_id !== user.orgId) return 'unseen';
    return user.role === Role.ADMIN ? 'allowed' : 'forbidden';
  }
  // the platform operator sets the logo of the organisations he creates
  if (user.role === Role.SUPER) return (await findOrgById(ctx.db, otcId)) ? 'allowed' : 'unseen';
  if (otcId !== user.orgId) return 'unseen';
  return user.role === Role.ADMIN ? 'allowed' : 'forbidden';
}

async function checkAccess(ctx: AppContext, user: AuthUser, otcType: string, otcId: string): Promise<void> {
  const verdict = await access(ctx, user, otcType, otcId);
  if (verdict === 'unseen') throw new AppError(ErrorCode.NOT_FOUND);
  if (verdict === 'forbidden') throw new AppError(ErrorCode.FORBIDDEN);
}

export async function listFiles(ctx: AppContext, user: AuthUser | undefined, otcId: string, otcType: string) {
  if (!isPublic({ otc_type: otcType })) {
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED);
    await checkAccess(ctx, user, otcType, otcId);
  }
  const rows = await findFilesByOwnerObject(ctx.db, otcId, otcType);
  return rows.map((row) => toRecord(ctx, row));
}

/** Stores an uploaded image after checking its bytes, not its name, are an image we accept. */
export async function uploadImage(
  ctx: AppContext,
  user: AuthUser,
  otcType: string,
  upload: { fileName: string; data: Buffer },
  /** the organisation whose logo this is (the platform operator's choice; others: their own) */
  forOrgId?: string,
  ip?: string,
): Promise<FileRecord> {
  const otcId = otcType === FileType.AVATAR ? user.personId : (forOrgId ?? user.orgId);
  await checkAccess(ctx, user, otcType, otcId);
  if (upload.data.length === 0) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要上传的图片');
  if (upload.data.length > AVATAR_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '图片不能超过2MB');
  const image = await normaliseImage(upload.data, otcType);
  const now = ctx.now();
  const id = crypto.randomUUID();
  const row: FileRow = {
    id,
    owner_id: user.personId,
    otc_id: otcId,
    otc_type: otcType,
    file_name: displayName(upload.fileName, image.ext),
    content_type: image.mime,
    size: image.data.length,
    storage_key: `${otcType.toLowerCase()}/${id}.${image.ext}`,
    created_at: now,
  };
  await ctx.files.put(row.storage_key, image.data);
  // One avatar (or logo, or cover) per owner: the new one replaces the old, bytes included. A
  // question's earlier image stays: papers drawn before keep showing the question as it stood;
  // so does an earlier seal: certificates issued under an earlier template keep showing theirs.
  const versioned = otcType === FileType.QUESTION_IMAGE || otcType === FileType.CERT_SEAL;
  const replaced = await storeFile(ctx.db, row, now, !versioned, (trx) => auditUpload(trx, user, row, ip, now));
  if (otcType === FileType.AVATAR) await publishPersonsChanged(ctx, [otcId]);
  for (const old of replaced) await ctx.files.remove(old.storage_key);
  return toRecord(ctx, row);
}

/**
 * An organisation's logo (on its login page, header and certificates) and a course book's
 * cover (in the catalogue) are what everyone sees: changing or removing them is recorded like
 * any other write. An avatar is the person's own; a question image and a seal are recorded
 * with the question and the certificate template that take them.
 */
async function auditUpload(
  trx: Db,
  user: AuthUser,
  row: Pick<FileRow, 'otc_type' | 'otc_id' | 'file_name'>,
  ip: string | undefined,
  now: number,
  removed = false,
) {
  const summary = removed ? { before: { fileName: row.file_name } } : { after: { fileName: row.file_name } };
  if (row.otc_type === FileType.LOGO) {
    // filed under the organisation: its managers see what the platform operator set
    await recordAudit(trx, {
      actor: { orgId: row.otc_id, personId: user.personId },
      ip,
      action: removed ? 'organisation.logo-remove' : 'organisation.logo',
      targetType: 'organisation',
      targetId: row.otc_id,
      summary,
      now,
    });
  } else if (row.otc_type === FileType.COURSE_COVER) {
    await recordAudit(trx, {
      actor: user,
      ip,
      action: removed ? 'course-book.cover-remove' : 'course-book.cover',
      targetType: 'course-book',
      targetId: row.otc_id,
      summary,
      now,
    });
  }
}

/** The longest side kept of an uploaded image: what any page shows it at, and then some. */
const MAX_SIDE: Record<string, number> = { [FileType.QUESTION_IMAGE]: 2048, [FileType.COURSE_COVER]: 1600 };
/** Larger pictures are refused before they are decoded (a 12000×12000 PNG is 576 MB in memory). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The image as stored: its type read from its bytes (never its name), refused beyond 40
 * megapixels, turned upright, scaled to fit the page that shows it, re-encoded in its own
 * format without its metadata (a phone photo's EXIF holds where it was taken).
 */
async function normaliseImage(data: Buffer, otcType: string) {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !(IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '只能上传JPG、PNG或WEBP格式的图片');
  }
  const side = MAX_SIDE[otcType] ?? 1024;
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({
      width: side,
      height: side,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      detected.ext === 'png'
        ? image.png({ compressionLevel: 9 })
        : detected.ext === 'webp'
          ? image.webp({ quality: 85 })
          : image.jpeg({ quality: 85, mozjpeg: true });
    return { data: await encoded.toBuffer(), mime: detected.mime, ext: detected.ext };
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message))
      throw new AppError(ErrorCode.BAD_REQUEST, '图片尺寸过大，请上传不超过4000万像素的图片');
    throw new AppError(ErrorCode.BAD_REQUEST, '图片已损坏，无法读取');
  }
}

/** The name shown for a file: the client's, with the extension its bytes have (never .html). */
function displayName(clientName: string, ext: string): string {
  const base = clientName
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
    .replace(/[\\/\u0000-\u001f]/g, '_')
    .replace(/\.[^.]*$/, '')
    .slice(0, 190);
  return `${base || 'image'}.${ext}`;
}

export async function deleteFile(ctx: AppContext, user: AuthUser, id: string, ip?: string): Promise<void> {
  const file = await findFileById(ctx.db, id);
  if (!file) throw new AppError(ErrorCode.NOT_FOUND, '文件不存在');
  const isOwner = file.owner_id === user.personId;
  // someone else's file is as good as missing: the answer does not tell it exists
  if (!isOwner && (await access(ctx, user, file.otc_type, file.otc_id)) !== 'allowed') {
    throw new AppError(ErrorCode.NOT_FOUND, '文件不存在');
  }
  if (file.otc_type === FileType.CERT_SEAL && (await isSealInUse(ctx.db, id))) {
    throw new AppError(ErrorCode.DUPLICATE, '该印章已用于证书模板，不能删除');
  }
  await deleteFileRow(ctx.db, id, (trx) => auditUpload(trx, user, file, ip, ctx.now(), true));
  if (file.otc_type === FileType.AVATAR) await publishPersonsChanged(ctx, [file.otc_id]);
  await ctx.files.remove(file.storage_key);
}

export async function openFile(ctx: AppContext, id: string, exp: number | undefined, sig: string | undefined) {
  const file = await findFileById(ctx.db, id);
  // a missing file and one without a valid link answer alike: the link is the permission
  if (!file || (!isPublic(file) && !isValidFileSignature(ctx.keys.secret, id, exp, sig, ctx.now()))) {
    throw new AppError(ErrorCode.NOT_FOUND, '文件不存在或链接已过期');
  }
  const stream = await ctx.files.read(file.storage_key);
  if (!stream) throw new AppError(ErrorCode.NOT_FOUND, '文件不存在');
  return { file, stream };
}
