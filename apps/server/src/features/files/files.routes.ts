import { AVATAR_MAX_BYTES } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import {
  fileDeleteQuery,
  fileRecord,
  fileSelectQuery,
  fileType,
  fileViewParams,
  fileViewQuery,
} from '@anxun/shared/schemas/files';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idText } from '@anxun/shared/schemas/text';
import type { AppContext } from '../../app-context.js';
import { authenticateToken } from '../../core/session.service.js';
import { AppError, ok } from '../../http/app-error.js';
import { requireUser, tokenFromHeader, userOf } from '../../http/auth-guard.js';
import { deleteFile, listFiles, openFile, uploadImage } from './files.service.js';

/** Reads the one uploaded file; a malformed multipart body is the client's error, not a 500. */
async function readSingleFile(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  try {
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
    if (!part) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要上传的图片');
    const data = await part.toBuffer();
    if (part.file.truncated) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '图片不能超过2MB');
    return { fileName: part.filename, data };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '图片不能超过2MB');
    throw new AppError(ErrorCode.BAD_REQUEST, '上传内容格式有误');
  }
}

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

export const filesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['files'];

    app.get(
      '/api/file/select',
      {
        schema: {
          tags,
          summary: 'Files attached to an object (SysPhoto: avatar, needs login; LogoFiles: public)',
          querystring: fileSelectQuery,
          response: { 200: envelope(z.array(fileRecord)), ...errors },
        },
      },
      async (request) => {
        const token = tokenFromHeader(request);
        const user = token ? await authenticateToken(ctx, token) : undefined;
        return ok(await listFiles(ctx, user, request.query.otcId, request.query.otcType));
      },
    );

    app.post(
      '/api/file/upload',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary:
            'Upload an avatar (SysPhoto); as admin, the organisation logo (LogoFiles), a course book cover (CourseCover, otcId = the book) a question image (QuestionImage, otcId = the question) or the certificate seal (CertificateSeal, every version kept); the platform operator names the organisation with otcId',
          description: `multipart/form-data with one field \`file\`: JPG, PNG or WEBP, at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`,
          querystring: z.strictObject({ otcType: fileType.default('SysPhoto'), otcId: idText().optional() }),
          response: { 200: envelope(fileRecord), ...errors, 413: errorEnvelope, 415: errorEnvelope },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '请使用multipart/form-data上传');
        const upload = await readSingleFile(request);
        const { otcType, otcId } = request.query;
        return ok(
          await uploadImage(
            ctx,
            userOf(request),
            otcType,
            upload,
            otcType === 'SysPhoto' ? undefined : otcId,
            request.ip,
          ),
        );
      },
    );

    app.delete(
      '/api/file/delete',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: 'Delete a file (owner or admin)',
          querystring: fileDeleteQuery,
          response: { 200: envelope(z.null()), ...errors },
        },
      },
      async (request) => {
        await deleteFile(ctx, userOf(request), request.query.id, request.ip);
        return ok(null);
      },
    );

    app.get(
      '/api/file/view/:id',
      {
        schema: {
          tags,
          summary: 'File bytes (private files need the signed URL from /api/file/select)',
          params: fileViewParams,
          querystring: fileViewQuery,
        },
      },
      async (request, reply) => {
        const { file, stream } = await openFile(ctx, request.params.id, request.query.exp, request.query.sig);
        return reply
          .type(file.content_type)
          .header('Cache-Control', file.otc_type === 'LogoFiles' ? 'public, max-age=300' : 'private, max-age=3600')
          .header('X-Content-Type-Options', 'nosniff')
          .send(stream);
      },
    );
  };
