import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { addUnitRecordsForMembers } from '../../core/training-records.repository.js';
import { PermanentJobError, type JobKind, type JobRow } from '../../infra/job-queue.js';
import {
  convertToPdf,
  extractPoster,
  findSoffice,
  MediaTimeoutError,
  probe,
  transcodeToWebMp4,
  videoDemuxer,
  type MediaTools,
} from '../../infra/media.js';
import { pdfPageCount } from '../../infra/pdf.js';
import { insertUnit, touchBook } from './unit.repository.js';

/**
 * The job that turns an upload into a unit. A video (any container ffmpeg reads) becomes an
 * H.264/AAC MP4 with its index first that any browser plays, with a poster and its exact
 * duration measured on the result. A document becomes a PDF (slides and Word files through
 * LibreOffice, where the server has it) that pdf.js opens, its duration its pages × the time
 * each must be shown. The original stays until the unit exists.
 */
export const TRANSCODE_JOB = 'courseware.transcode';

export interface TranscodePayload {
  /** what the upload becomes (jobs queued before documents existed are videos) */
  kind?: 'video' | 'document';
  /** the uploaded bytes in the file store */
  originalKey: string;
  bookId: string;
  title: string;
  fileName: string;
  size: number;
  /** who uploaded it, for the audit record of the unit */
  personId: string;
  /** the uploader's organisation, where the audit record goes (a platform book's job has no org_id) */
  actorOrgId?: string;
  /** the upload's address, for the unit's audit record as for the upload's (jobs queued before it have none) */
  ip?: string;
}

export const payloadOf = (job: JobRow): TranscodePayload => JSON.parse(job.payload) as TranscodePayload;

/** courseware longer than this is refused before it is encoded (a class session, not a day) */
const MAX_VIDEO_HOURS = 6;
const NOT_A_VIDEO = '文件不是视频或无法解码，请上传 MP4、MOV、AVI、MKV、WMV 或 FLV 格式的视频';
const NOT_A_PDF = '文件不是有效的 PDF（可能已损坏或加密），请检查后重新上传';

/** What a processed upload leaves in the work directory, for the finishing transaction. */
interface Made {
  file: string;
  contentType: string;
  durationSeconds: number;
  pageCount: number | null;
  poster: string | null;
}

export function transcodeJob(ctx: AppContext, tools: () => MediaTools): JobKind {
  return {
    kind: TRANSCODE_JOB,
    maxAttempts: 3,
    async run(job, { progress, signal }) {
      const p = payloadOf(job);
      const original = await ctx.files.localCopy(p.originalKey);
      if (!original) throw new PermanentJobError('上传的文件已不在服务器上，请重新上传');
      const work = path.join(ctx.config.dataDir, 'tmp', `transcode-${job.id}`);
      await fsp.rm(work, { recursive: true, force: true });
      await fsp.mkdir(work, { recursive: true });
      try {
        const made =
          (p.kind ?? 'video') === 'document'
            ? await makeDocument(ctx, original.path, p.fileName, work, progress, signal)
            : await makeVideo(ctx, tools(), job, original.path, work, progress, signal);
        progress(98);
        const vodId = crypto.randomUUID();
        const storageKey = `vods/${vodId}${made.contentType === 'application/pdf' ? '.pdf' : '.mp4'}`;
        const posterKey = made.poster ? `vods/${vodId}.jpg` : null;
        const size = (await fsp.stat(made.file)).size;
        await ctx.files.moveIn(storageKey, made.file);
        if (made.poster && posterKey) await ctx.files.moveIn(posterKey, made.poster);
        const durationSeconds = made.durationSeconds;
        const warpId = crypto.randomUUID();
        return async (trx) => {
          const now = ctx.now();
          await insertUnit(trx, {
            warpId,
            vodId,
            bookId: p.bookId,
            kind: made.pageCount === null ? 'video' : 'document',
            title: p.title,
            storageKey,
            contentType: made.contentType,
            posterKey,
            pageCount: made.pageCount,
            size,
            durationSeconds,
            now,
          });
          await addUnitRecordsForMembers(trx, p.bookId, warpId);
          await touchBook(trx, p.bookId, now);
          const auditOrgId = job.org_id ?? p.actorOrgId;
          if (auditOrgId) {
            await recordAudit(trx, {
              actor: { orgId: auditOrgId, personId: p.personId },
              ip: p.ip,
              action: 'course-unit.create',
              targetType: 'course-book',
              targetId: p.bookId,
              summary: { after: { title: p.title, fileName: p.fileName, durationSeconds } },
              now,
            });
          }
          return { warpId, vodId, durationSeconds };
        };
      } finally {
        await original.release();
        await fsp.rm(work, { recursive: true, force: true });
      }
    },
    async settled(job, outcome) {
      // the original is kept while the job may still be retried
      if (outcome === 'done') await ctx.files.remove(payloadOf(job).originalKey);
    },
  };
}

async function makeVideo(
  ctx: AppContext,
  media: MediaTools,
  job: JobRow,
  original: string,
  work: string,
  progress: (percent: number) => void,
  signal: AbortSignal,
): Promise<Made> {
  const input = await probe(media, original, signal);
  const demuxer = input && videoDemuxer(input.formatName);
  if (!input?.video || !demuxer) throw new PermanentJobError(NOT_A_VIDEO);
  if (input.durationSeconds > MAX_VIDEO_HOURS * 3600) {
    throw new PermanentJobError(`视频超过${MAX_VIDEO_HOURS}小时，请剪辑或分段后上传`);
  }
  const video = path.join(work, 'video.mp4');
  try {
    await transcodeToWebMp4(
      media,
      { file: original, demuxer },
      video,
      input.durationSeconds,
      (share) => progress(share * 95),
      signal,
    );
  } catch (err) {
    if (signal.aborted) throw err;
    ctx.log.warn({ jobId: job.id, err: (err as Error).message }, 'transcoding failed');
    if (err instanceof MediaTimeoutError) throw new PermanentJobError('视频处理超时，请转成常见的 MP4 格式后重新上传');
    throw new PermanentJobError('视频无法解码，文件可能已损坏，请检查后重新上传');
  }
  const result = await probe(media, video, signal);
  if (!result?.video || result.durationSeconds <= 0) throw new PermanentJobError(NOT_A_VIDEO);
  // measured on the result too: an input that stated no length is held to the same cap
  if (result.durationSeconds > MAX_VIDEO_HOURS * 3600) {
    throw new PermanentJobError(`视频超过${MAX_VIDEO_HOURS}小时，请剪辑或分段后上传`);
  }
  const poster = path.join(work, 'poster.jpg');
  const hasPoster = await extractPoster(media, video, poster, result.durationSeconds, signal).then(
    () => true,
    (err: unknown) => {
      if (signal.aborted) throw err;
      ctx.log.warn({ jobId: job.id, err: (err as Error).message }, 'no poster');
      return false;
    },
  );
  return {
    file: video,
    contentType: 'video/mp4',
    durationSeconds: Math.round(result.durationSeconds * 1000) / 1000,
    pageCount: null,
    poster: hasPoster ? poster : null,
  };
}

async function makeDocument(
  ctx: AppContext,
  original: string,
  fileName: string,
  work: string,
  progress: (percent: number) => void,
  signal: AbortSignal,
): Promise<Made> {
  let pdf = original;
  if (path.extname(fileName).toLowerCase() !== '.pdf') {
    const soffice = findSoffice(ctx.config.media.sofficePath);
    if (!soffice) throw new PermanentJobError('服务器不能转换 PPT/Word 文件，请先另存为 PDF 再上传');
    // LibreOffice names its output after its input: give it the file under its own name
    const named = path.join(work, `source${path.extname(fileName).toLowerCase()}`);
    await fsp.copyFile(original, named);
    progress(10);
    try {
      pdf = await convertToPdf(soffice, named, work, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      throw new PermanentJobError('文件无法转换为 PDF，请另存为 PDF 后重新上传');
    }
  }
  progress(80);
  const pages = await pdfPageCount(pdf);
  if (!pages) throw new PermanentJobError(NOT_A_PDF);
  const file = path.join(work, 'document.pdf');
  await fsp.copyFile(pdf, file);
  return {
    file,
    contentType: 'application/pdf',
    durationSeconds: pages * ctx.config.media.documentSecondsPerPage,
    pageCount: pages,
    poster: null,
  };
}
