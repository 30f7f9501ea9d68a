import { ErrorCode } from '@anxun/shared/errors';
import { idText, line } from '@anxun/shared/schemas/text';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { PhotoUpload } from './face.service.js';

const fields = z.object({
  checkId: idText().optional(),
  captureToken: line(128).optional(),
  /** a camera photo's single-use nonce (POST /api/face/nonce) */
  nonce: line(128).optional(),
  via: z.enum(['camera', 'phone', 'upload']).default('camera'),
});

/** The multipart photo (field `photo`) and the small text fields beside it. */
export async function readPhoto(request: FastifyRequest, maxBytes: number) {
  let data: Buffer | undefined;
  const text: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 6, parts: 7 } })) {
      if (part.type === 'file') {
        data = await part.toBuffer();
        if (part.file.truncated) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '照片不能超过4MB');
      } else if (typeof part.value === 'string') {
        text[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '照片不能超过4MB');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(ErrorCode.BAD_REQUEST, '请以multipart表单上传照片');
    throw new AppError(ErrorCode.BAD_REQUEST, '上传内容格式有误');
  }
  if (!data) throw new AppError(ErrorCode.BAD_REQUEST, '请选择照片');
  const parsed = fields.safeParse(text);
  if (!parsed.success) throw new AppError(ErrorCode.BAD_REQUEST, '上传参数有误');
  const upload: PhotoUpload = {
    data,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    via: parsed.data.captureToken ? 'phone' : parsed.data.via,
  };
  return { upload, ...parsed.data };
}
