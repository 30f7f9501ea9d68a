import crypto from 'node:crypto';
import { FileType, Role } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { AVATAR_MAX_BYTES, IMAGE_TYPES, type FileRecord } from '@anxun/shared/schemas/files';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { isValidFileSignature, publicFileUrl, signedFileUrl } from '../../core/file-url.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { findPersonById } from '../../core/person.repository.js';
import { findOrgById } from '../../core/org.repository.js';
import {
  attachFile,
  deleteFileRow,
  findFileById,
  findFilesByOwnerObject,
  insertFile,
  type FileRow,
  findBookOrg,
  findQuestionBookOrg,
  isSealInUse,
} from './files.repository.js';
import { recordTime } from '../../core/record-time.js';

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

/** Who may see or change files attached to an object: the owner, or an admin of its organisation. */
async function canManage(ctx: AppContext, user: AuthUser, otcType: string, otcId: string): Promise<boolean> {
  if (otcType === FileType.AVATAR) {
    if (otcId === user.personId) return true;
    if (user.role !== Role.ADMIN) return false;
    // a manager looks after his learners' pictures, not a fellow manager's or the operator's
    const person = await findPersonById(ctx.db, otcId);
    return person?.org_id === user.orgId && person.role === Role.LEARNER;
  }
  if (otcType === FileType.COURSE_COVER || otcType === FileType.QUESTION_IMAGE) {
    // a manager's for his organisation's books and their questions; the platform operator's for the platform's own
    const book =
      otcType === FileType.COURSE_COVER ? await findBookOrg(ctx.db, otcId) : await findQuestionBookOrg(ctx.db, otcId);
    if (!book) return false;
    return book.org_id === null ? user.role === Role.SUPER : user.role === Role.ADMIN && book.org_id === user.orgId;
  }
  // the platform operator sets the logo of the organisations he creates
  if (user.role === Role.SUPER) return Boolean(await findOrgById(ctx.db, otcId));
  return user.role === Role.ADMIN && otcId === user.orgId;
}

export async function listFiles(ctx: AppContext, user: AuthUser | undefined, otcId: string, otcType: string) {
  if (!isPublic({ otc_type: otcType })) {
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED);
    if (!(await canManage(ctx, user, otcType, otcId))) throw new AppError(ErrorCode.FORBIDDEN);
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
): Promise<FileRecord> {
  const otcId = otcType === FileType.AVATAR ? user.personId : (forOrgId ?? user.orgId);
  if (!(await canManage(ctx, user, otcType, otcId))) throw new AppError(ErrorCode.FORBIDDEN);
  if (upload.data.length === 0) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要上传的图片');
  if (upload.data.length > AVATAR_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '图片不能超过2MB');
  const detected = await fileTypeFromBuffer(upload.data);
  if (!detected || !(IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '只能上传JPG、PNG或WEBP格式的图片');
  }
  const now = ctx.now();
  const id = crypto.randomUUID();
  const row: FileRow = {
    id,
    owner_id: user.personId,
    otc_id: otcId,
    otc_type: otcType,
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
    file_name: upload.fileName.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200) || `image.${detected.ext}`,
    content_type: detected.mime,
    size: upload.data.length,
    storage_key: `${otcType.toLowerCase()}/${id}.${detected.ext}`,
    created_at: now,
  };
  const previous = await findFilesByOwnerObject(ctx.db, otcId, otcType);
  await ctx.files.put(row.storage_key, upload.data);
  await insertFile(ctx.db, row);
  await attachFile(ctx.db, row, now);
  // One avatar (or logo) per owner: the new one replaces the old, bytes included. A question's
  // earlier image stays: papers drawn before keep showing the question as it stood; so does an
  // earlier seal: certificates issued under an earlier template keep showing theirs.
  const versioned = otcType === FileType.QUESTION_IMAGE || otcType === FileType.CERT_SEAL;
  for (const old of versioned ? [] : previous) {
    await deleteFileRow(ctx.db, old.id);
    await ctx.files.remove(old.storage_key);
  }
  return toRecord(ctx, row);
}

export async function deleteFile(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  const file = await findFileById(ctx.db, id);
  if (!file) throw new AppError(ErrorCode.NOT_FOUND, '文件不存在');
  const isOwner = file.owner_id === user.personId;
  if (!isOwner && !(await canManage(ctx, user, file.otc_type, file.otc_id))) throw new AppError(ErrorCode.FORBIDDEN);
  if (file.otc_type === FileType.CERT_SEAL && (await isSealInUse(ctx.db, id))) {
    throw new AppError(ErrorCode.DUPLICATE, '该印章已用于证书模板，不能删除');
  }
  await deleteFileRow(ctx.db, id);
  await ctx.files.remove(file.storage_key);
}

export async function openFile(ctx: AppContext, id: string, exp: number | undefined, sig: string | undefined) {
  const file = await findFileById(ctx.db, id);
  if (!file) throw new AppError(ErrorCode.NOT_FOUND, '文件不存在');
  if (!isPublic(file) && !isValidFileSignature(ctx.keys.secret, id, exp, sig, ctx.now())) {
    throw new AppError(ErrorCode.FORBIDDEN, '文件链接无效或已过期');
  }
  const stream = await ctx.files.read(file.storage_key);
  if (!stream) throw new AppError(ErrorCode.NOT_FOUND, '文件不存在');
  return { file, stream };
}
