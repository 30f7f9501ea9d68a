import { ErrorCode } from '@anxun/shared/errors';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A download's Content-Disposition: an ASCII fallback name and the real (Chinese) one. */
export const attachment = (name: string, fallback = 'export.xlsx') =>
  `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
/** A learner sheet of 10,000 rows is well under this. */
const MAX_SHEET_BYTES = 5 * 1024 * 1024;

/** The uploaded sheet (multipart field `file`). */
export async function readSheet(request: FastifyRequest): Promise<Buffer> {
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_SHEET_BYTES, files: 1, fields: 2, parts: 3 } })) {
      if (part.type === 'file' && part.fieldname === 'file') {
        data = await part.toBuffer();
        if (part.file.truncated) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '表格不能超过5MB');
      } else if (part.type === 'file') {
        part.file.resume(); // another file field: drained, not read
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '表格不能超过5MB');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(ErrorCode.BAD_REQUEST, '请以multipart表单上传表格（字段名 file）');
    }
    throw new AppError(ErrorCode.BAD_REQUEST, '上传内容格式有误');
  }
  if (!data || data.length === 0) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要导入的表格');
  return data;
}
