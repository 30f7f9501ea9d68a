import { ErrorCode } from '@anxun/shared/errors';
import type { AppContext } from '../../app-context.js';
import { isValidPlaySignature, isValidPosterSignature } from '../../core/file-url.js';
import { AppError } from '../../http/app-error.js';
import { parseByteRange } from './byte-range.js';
import { findVod } from './course-book.repository.js';

/**
 * Courseware video bytes through a signed play URL (find-WarpCourse hands them to enrolled
 * learners): the signature, the video, and the part of it a Range header asks for.
 */
export async function openVideo(
  ctx: AppContext,
  link: { vodId: string; exp: number; sig: string },
  rangeHeader: string | undefined,
) {
  if (!isValidPlaySignature(ctx.keys.secret, link.vodId, link.exp, link.sig, ctx.now())) {
    throw new AppError(ErrorCode.FORBIDDEN, '视频链接无效或已过期，请刷新页面');
  }
  const vod = await findVod(ctx.db, link.vodId);
  if (!vod) throw new AppError(ErrorCode.NOT_FOUND, '视频不存在');
  const range = parseByteRange(rangeHeader, vod.size);
  if (range === 'unsatisfiable') return { vod, range, stream: undefined };
  const stream = await ctx.files.read(vod.storage_key, range);
  if (!stream) throw new AppError(ErrorCode.NOT_FOUND, '视频不存在');
  return { vod, range, stream };
}

/** A transcoded video's poster image through its signed URL. */
export async function openPoster(ctx: AppContext, link: { vodId: string; exp: number; sig: string }) {
  if (!isValidPosterSignature(ctx.keys.secret, link.vodId, link.exp, link.sig, ctx.now())) {
    throw new AppError(ErrorCode.FORBIDDEN, '图片链接无效或已过期，请刷新页面');
  }
  const vod = await findVod(ctx.db, link.vodId);
  const stream = vod?.poster_key ? await ctx.files.read(vod.poster_key) : undefined;
  if (!stream) throw new AppError(ErrorCode.NOT_FOUND, '图片不存在');
  return stream;
}
