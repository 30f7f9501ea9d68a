import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { addUnitRecordsForMembers } from '../../core/training-records.repository.js';
import { PermanentJobError, type JobKind, type JobRow } from '../../infra/job-queue.js';
import { extractPoster, probe, transcodeToWebMp4, type MediaTools } from '../../infra/media.js';
import { insertVideoUnit, touchBook } from './unit.repository.js';

/**
 * The job that turns an uploaded video (any container ffmpeg reads) into a unit learners can
 * play on any browser: H.264/AAC MP4 with its index first, a poster, and its exact duration
 * measured on the result. The original stays until the unit exists.
 */
export const TRANSCODE_JOB = 'courseware.transcode';

export interface TranscodePayload {
  /** the uploaded bytes in the file store */
  originalKey: string;
  bookId: string;
  title: string;
  fileName: string;
  size: number;
  /** who uploaded it, for the audit record of the unit */
  personId: string;
}

export const payloadOf = (job: JobRow): TranscodePayload => JSON.parse(job.payload) as TranscodePayload;

const NOT_A_VIDEO = '文件不是视频或无法解码，请上传 MP4、MOV、AVI、MKV、WMV 或 FLV 格式的视频';

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
        const media = tools();
        const input = await probe(media, original.path, signal);
        if (!input?.video) throw new PermanentJobError(NOT_A_VIDEO);
        const video = path.join(work, 'video.mp4');
        try {
          await transcodeToWebMp4(
            media,
            original.path,
            video,
            input.durationSeconds,
            (share) => progress(share * 95),
            signal,
          );
        } catch (err) {
          if (signal.aborted) throw err;
          ctx.log.warn({ jobId: job.id, err: (err as Error).message }, 'transcoding failed');
          throw new PermanentJobError('视频无法解码，文件可能已损坏，请检查后重新上传');
        }
        const result = await probe(media, video, signal);
        if (!result?.video || result.durationSeconds <= 0) throw new PermanentJobError(NOT_A_VIDEO);
        const poster = path.join(work, 'poster.jpg');
        const hasPoster = await extractPoster(media, video, poster, result.durationSeconds, signal).then(
          () => true,
          (err: unknown) => {
            if (signal.aborted) throw err;
            ctx.log.warn({ jobId: job.id, err: (err as Error).message }, 'no poster');
            return false;
          },
        );
        progress(98);
        const vodId = crypto.randomUUID();
        const storageKey = `vods/${vodId}.mp4`;
        const posterKey = hasPoster ? `vods/${vodId}.jpg` : null;
        const size = (await fsp.stat(video)).size;
        await ctx.files.moveIn(storageKey, video);
        if (posterKey) await ctx.files.moveIn(posterKey, poster);
        const warpId = crypto.randomUUID();
        const durationSeconds = Math.round(result.durationSeconds * 1000) / 1000;
        return async (trx) => {
          const now = ctx.now();
          await insertVideoUnit(trx, {
            warpId,
            vodId,
            bookId: p.bookId,
            title: p.title,
            storageKey,
            posterKey,
            size,
            durationSeconds,
            now,
          });
          await addUnitRecordsForMembers(trx, p.bookId, warpId);
          await touchBook(trx, p.bookId, now);
          if (job.org_id) {
            await recordAudit(trx, {
              actor: { orgId: job.org_id, personId: p.personId },
              ip: undefined,
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
