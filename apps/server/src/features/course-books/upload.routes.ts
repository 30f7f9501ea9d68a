import type { IncomingMessage } from 'node:http';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@anxun/shared/errors';
import { DOCUMENT_EXTENSIONS, OFFICE_EXTENSIONS, VIDEO_EXTENSIONS } from '@anxun/shared/schemas/courseware';
import { FileStore as TusFileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { bookOwnerOf } from '../../core/book-owner.js';
import type { AuthUser } from '../../core/session.service.js';
import { idText } from '@anxun/shared/schemas/text';
import { AppError } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { findSoffice } from '../../infra/media.js';
import { findOwnBook } from './course-book-admin.repository.js';
import { acceptUpload } from './units.service.js';

/**
 * Courseware uploads by the tus protocol (resumable: a dropped connection or a reloaded page
 * asks the server how far it got and sends the rest). Mounted inside the manage scope, so the
 * role guard has run and the caller is a training manager before tus sees the request; an
 * upload belongs to the organisation that created it, and another organisation gets 404.
 *
 * The partial files live in DATA_DIR/uploads of the node that took them: several nodes need
 * that directory shared, or sticky sessions for /api/manage/uploads.
 */

const ROUTE = '/api/manage/uploads';
/** an upload nobody finished is removed after this long */
const EXPIRE_MS = 3 * 24 * 3600 * 1000;
/**
 * Uploads one organisation may have begun and not finished at once: each reserves up to 2 GB
 * of the disk every organisation shares (thirty of them were all taken), and a manager
 * uploading a course's videos needs a handful at a time.
 */
const OPEN_UPLOADS_PER_OWNER = 10;
/** Room left on the disk beside an upload's size, for the database and everyone else's files. */
const FREE_SPACE_MARGIN_BYTES = 1024 ** 3;

/** The uploads an owner has begun and not finished (the store's record of each, its bytes so far). */
async function openUploadsOf(store: TusFileStore, owner: string): Promise<number> {
  const ids = (await store.configstore.list?.()) ?? [];
  let open = 0;
  for (const id of ids) {
    const upload = await store.getUpload(id).catch(() => undefined);
    if (upload?.metadata?.orgId === owner && upload.offset < (upload.size ?? Infinity)) open++;
  }
  return open;
}

const refusal = (status: number, code: number, msg: string) => ({
  status_code: status,
  body: JSON.stringify({ code, msg, data: null }),
});

type ProtocolAnswer = { status_code: number; body: string };

/**
 * The protocol's own refusals (English plain text, "Invalid upload-length"), said in the API's
 * envelope — with a status that matches its code: tus's 403 (a wrong Content-Type) and 501 (an
 * extension it does not offer, Upload-Concat) are a bad request, not a refusal or a failure.
 */
const BAD_UPLOAD = '上传请求有误，请重新选择文件上传';
const PROTOCOL_REFUSALS: Record<number, [status: number, code: number, msg: string]> = {
  400: [400, ErrorCode.BAD_REQUEST, BAD_UPLOAD],
  403: [400, ErrorCode.BAD_REQUEST, BAD_UPLOAD],
  404: [404, ErrorCode.NOT_FOUND, '没有这个上传，或它已过期，请重新上传'],
  409: [409, ErrorCode.DUPLICATE, '上传进度与服务器不一致，请重试'],
  410: [410, ErrorCode.GONE, '这个上传已过期，请重新上传'],
  412: [412, ErrorCode.BAD_REQUEST, '不支持的上传协议版本'],
  413: [413, ErrorCode.PAYLOAD_TOO_LARGE, '文件超过允许的大小'],
  415: [415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, BAD_UPLOAD],
  501: [400, ErrorCode.BAD_REQUEST, '不支持这种上传方式，请用课件页的上传按钮上传'],
};

function inEnvelope(answer: ProtocolAnswer): ProtocolAnswer {
  if (answer.body.startsWith('{')) return answer; // ours already (refusal)
  const [status, code, msg] =
    PROTOCOL_REFUSALS[answer.status_code] ??
    (answer.status_code >= 500
      ? [answer.status_code, ErrorCode.SERVER_ERROR, '上传失败，请稍后重试']
      : [answer.status_code, ErrorCode.BAD_REQUEST, BAD_UPLOAD]);
  return refusal(status, code, msg);
}

/**
 * Every refusal tus answers goes out in the envelope: its handlers' errors and the checks it
 * makes before them (a bad Upload-Length, no Tus-Resumable) are all written here.
 */
class EnvelopedTusServer extends TusServer {
  override write(...[context, headers, status, body = '']: Parameters<TusServer['write']>) {
    if (status < 400) return super.write(context, headers, status, body);
    const answer = inEnvelope({ status_code: status, body });
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return super.write(context, headers, answer.status_code, answer.body);
  }
}

const kindOf = (ext: string): 'video' | 'document' | undefined =>
  (VIDEO_EXTENSIONS as readonly string[]).includes(ext)
    ? 'video'
    : [...DOCUMENT_EXTENSIONS, ...OFFICE_EXTENSIONS].includes(ext as (typeof OFFICE_EXTENSIONS)[number])
      ? 'document'
      : undefined;

/** Whose upload it is, as kept in its metadata: an organisation's id, or the platform's mark. */
const PLATFORM_OWNER = 'platform';
const ownerKeyOf = (user: AuthUser) => bookOwnerOf(user) ?? PLATFORM_OWNER;

/** A document is read whole by pdf.js inside the server: it gets a smaller cap than a video. */
const DOCUMENT_MAX_BYTES = 200 * 1024 * 1024;

// eslint-disable-next-line no-control-regex -- control characters (NUL: PostgreSQL text refuses it) go
const CONTROL = /[\u0000-\u001f\u007f]/g;
const cleanText = (s: string | null | undefined) => (s ?? '').replace(CONTROL, '').trim();
const decodeTitle = (fileName: string, title: string | undefined | null) =>
  (cleanText(title) || fileName.replace(/\.[^.]*$/, '').trim() || fileName).slice(0, 100);
const bookIdOf = (meta: Record<string, string | null>) => {
  const id = meta.bookId ?? '';
  return idText().safeParse(id).success ? id : undefined;
};

export const courseUploadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const directory = path.join(ctx.config.dataDir, 'uploads');
    await fsp.mkdir(directory, { recursive: true });
    const callers = new WeakMap<IncomingMessage, { user: AuthUser; ip: string }>();
    const callerOf = (req: Request) => {
      const raw = (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
      const caller = raw && callers.get(raw);
      if (!caller) throw refusal(401, ErrorCode.UNAUTHORIZED, '请先登录');
      return caller;
    };
    const finishing = new Set<string>();
    const datastore = new TusFileStore({ directory, expirationPeriodInMilliseconds: EXPIRE_MS });

    const tus = new EnvelopedTusServer({
      path: ROUTE,
      datastore,
      maxSize: ctx.config.media.uploadMaxBytes,
      relativeLocation: true,
      allowedOrigins: [],
      disableTerminationForFinishedUploads: true,
      async onUploadCreate(req, upload: Upload) {
        const { user } = callerOf(req);
        const meta = upload.metadata ?? {};
        const fileName = cleanText(meta.filename).slice(0, 200);
        const ext = path.extname(fileName).slice(1).toLowerCase();
        const kind = kindOf(ext);
        if (!fileName || !kind) {
          throw refusal(
            415,
            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
            '请上传视频（MP4、MOV、AVI、MKV、WMV、FLV 等）或 PDF 文件',
          );
        }
        if ((OFFICE_EXTENSIONS as readonly string[]).includes(ext) && !findSoffice(ctx.config.media.sofficePath)) {
          throw refusal(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, '暂不能直接上传 PPT/Word 文件，请先另存为 PDF 再上传');
        }
        if (upload.size === undefined) throw refusal(400, ErrorCode.BAD_REQUEST, '上传须先说明文件大小');
        // an empty file holds nothing to play or read (and would finish before it was ever sent)
        if (upload.size === 0) throw refusal(400, ErrorCode.BAD_REQUEST, '文件是空的（0 字节），请选择正确的文件');
        if (kind === 'document' && upload.size > DOCUMENT_MAX_BYTES) {
          throw refusal(413, ErrorCode.PAYLOAD_TOO_LARGE, '文档不能超过200MB，请压缩或拆分后再上传');
        }
        const bookId = bookIdOf(meta);
        const book = bookId ? await findOwnBook(ctx.db, bookOwnerOf(user), bookId) : undefined;
        if (!book) throw refusal(404, ErrorCode.NOT_FOUND, '课程不存在');
        if (book.retired_at !== null) throw refusal(409, ErrorCode.DUPLICATE, '课程已停用，请先恢复');
        if ((await openUploadsOf(datastore, ownerKeyOf(user))) >= OPEN_UPLOADS_PER_OWNER) {
          throw refusal(
            429,
            ErrorCode.RATE_LIMITED,
            `未完成的上传已有${OPEN_UPLOADS_PER_OWNER}个：请先等它们传完或取消；中断的上传3天后自动清除`,
          );
        }
        const disk = await fsp.statfs(directory);
        if (disk.bavail * disk.bsize < upload.size + FREE_SPACE_MARGIN_BYTES) {
          throw refusal(507, ErrorCode.SERVER_ERROR, '服务器存储空间不足，暂不能上传，请联系平台管理员');
        }
        // what the server decides is written over whatever the client sent
        return {
          metadata: {
            filename: fileName,
            bookId: book.id,
            title: decodeTitle(fileName, meta.title),
            kind,
            orgId: ownerKeyOf(user),
            personId: user.personId,
          },
        };
      },
      async onIncomingRequest(req, uploadId) {
        const { user } = callerOf(req);
        if (req.method === 'POST') return;
        let upload: Upload;
        try {
          upload = await datastore.getUpload(uploadId);
        } catch {
          throw refusal(404, ErrorCode.NOT_FOUND, '上传不存在或已过期，请重新上传');
        }
        if (upload.metadata?.orgId !== ownerKeyOf(user))
          throw refusal(404, ErrorCode.NOT_FOUND, '上传不存在或已过期，请重新上传');
      },
      async onUploadFinish(req, upload: Upload) {
        const { user, ip } = callerOf(req);
        const meta = upload.metadata ?? {};
        // a second last PATCH (a client retrying) while the first is being accepted
        if (finishing.has(upload.id)) throw refusal(409, ErrorCode.DUPLICATE, '上传正在处理，请稍候');
        finishing.add(upload.id);
        let jobId: string;
        try {
          jobId = await acceptUpload(
            ctx,
            user,
            {
              file: path.join(directory, upload.id),
              bookId: meta.bookId ?? '',
              title: meta.title ?? '',
              fileName: meta.filename ?? '',
              size: upload.size ?? upload.offset,
              kind: meta.kind === 'document' ? 'document' : 'video',
            },
            ip,
          );
        } catch (err) {
          if (err instanceof AppError) throw refusal(err.status, err.code, err.message);
          throw err;
        } finally {
          finishing.delete(upload.id);
        }
        await fsp.rm(path.join(directory, `${upload.id}.json`), { force: true });
        return { headers: { 'Upload-Job-Id': jobId } };
      },
      // anything but the protocol's own answers and our refusals: logged here, and the client
      // gets the error envelope without the cause (paths, database messages)
      onResponseError(_req, err) {
        if (!(err instanceof Error) || 'status_code' in err) return undefined;
        ctx.log.error({ err }, 'courseware upload failed');
        return refusal(500, ErrorCode.SERVER_ERROR, '上传失败，请稍后重试');
      },
    });

    // tus reads the body itself, as a stream: Fastify must leave it alone
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      callers.set(request.raw, { user: userOf(request), ip: request.ip });
      // tus writes the response itself: the API's security headers, set on the reply, go with it
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    const tags = ['manage: course books'];
    app.route({
      method: 'POST',
      url: '/uploads',
      schema: {
        tags,
        summary:
          'tus 1.0 creation: starts a resumable courseware upload (Upload-Length; Upload-Metadata filename, bookId, title)',
      },
      handler: handle,
    });
    for (const method of ['PATCH', 'DELETE'] as const) {
      app.route({
        method,
        url: '/uploads/:uploadId',
        schema: {
          tags,
          summary:
            method === 'PATCH'
              ? 'tus 1.0: the next bytes of an upload, from Upload-Offset'
              : 'tus 1.0: abandons an unfinished upload',
        },
        handler: handle,
      });
    }
    // how far an upload got (HEAD), and the protocol's capabilities (OPTIONS)
    app.route({ method: 'HEAD', url: '/uploads/:uploadId', schema: { hide: true }, handler: handle });
    app.route({ method: 'OPTIONS', url: '/uploads', schema: { hide: true }, handler: handle });

    // unfinished uploads past their expiry go: a minute after start, then every six hours
    const cleanUp = () =>
      void tus.cleanUpExpiredUploads().catch((err: unknown) => ctx.log.warn({ err }, 'upload clean-up failed'));
    const first = setTimeout(cleanUp, 60_000);
    const sweep = setInterval(cleanUp, 6 * 3600 * 1000);
    first.unref();
    sweep.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(sweep);
    });
  };
