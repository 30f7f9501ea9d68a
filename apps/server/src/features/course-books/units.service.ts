import crypto from 'node:crypto';
import path from 'node:path';
import { ErrorCode } from '@anxun/shared/errors';
import type { BookUnits, CourseUpload } from '@anxun/shared/schemas/courseware';
import type { AppContext } from '../../app-context.js';
import { recordAudit, type AuditSummary } from '../../core/audit.js';
import { bookOwnerOf } from '../../core/book-owner.js';
import { isForeignKeyViolation } from '../../core/db-errors.js';
import { signedPosterUrl } from '../../core/file-url.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { removeUnitRecords } from '../../core/training-records.repository.js';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/database.js';
import { findSoffice } from '../../infra/media.js';
import { deleteJob, enqueueJob, findJob, findJobsOf, retryJob, type JobRow } from '../../infra/job-queue.js';
import { hoursShortfall } from './book-length.js';
import { findOwnBook, lockOwnBook } from './course-book-admin.repository.js';
import { payloadOf, TRANSCODE_JOB, type TranscodePayload } from './transcode.job.js';
import { deleteUnit, findOwnUnit, findUnitsOfBook, renameUnit, reorderUnits, touchBook } from './unit.repository.js';

/**
 * 课件 of a course book (issue: Console II): the units, in order, and the uploads on their way
 * to becoming units. A unit somebody studied stays: its records are what an audit reads.
 */

async function ownBook(ctx: AppContext, user: AuthUser, bookId: string) {
  const book = await findOwnBook(ctx.db, bookOwnerOf(user), bookId);
  if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
  return book;
}

async function audited(
  ctx: AppContext,
  user: AuthUser,
  ip: string | undefined,
  entry: { action: string; bookId: string; summary: AuditSummary },
  work: (trx: Db) => Promise<void>,
) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await work(trx);
    await touchBook(trx, entry.bookId, now);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: entry.action,
      targetType: 'course-book',
      targetId: entry.bookId,
      summary: entry.summary,
      now,
    });
  });
}

const toUpload = (job: JobRow): CourseUpload => {
  const p = payloadOf(job);
  return {
    jobId: job.id,
    title: p.title,
    fileName: p.fileName,
    size: p.size,
    status: job.status,
    percent: job.percent,
    error: job.error,
    createdAt: recordTime(job.created_at),
  };
};

export async function listBookUnits(ctx: AppContext, user: AuthUser, bookId: string): Promise<BookUnits> {
  await ownBook(ctx, user, bookId);
  const [units, jobs] = await Promise.all([findUnitsOfBook(ctx.db, bookId), findJobsOf(ctx.db, TRANSCODE_JOB, bookId)]);
  return {
    units: units.map((u) => ({
      warpId: u.id,
      title: u.title,
      kind: u.kind === 'document' ? 'document' : 'video',
      durationSeconds: u.duration_seconds,
      pageCount: u.page_count,
      sortOrder: u.sort_order,
      posterUrl: u.poster_key && u.vod_id ? signedPosterUrl(ctx.keys.secret, u.vod_id, ctx.now()) : null,
      studiedBy: Number(u.studied_by ?? 0),
    })),
    uploads: jobs.filter((j) => j.status !== 'done').map(toUpload),
    maxUploadBytes: ctx.config.media.uploadMaxBytes,
    acceptsOffice: findSoffice(ctx.config.media.sofficePath) !== undefined,
  };
}

/** A finished upload of the manager's: its bytes go to the file store and a job is queued. */
export async function acceptUpload(
  ctx: AppContext,
  user: AuthUser,
  upload: { file: string; bookId: string; title: string; fileName: string; size: number; kind: 'video' | 'document' },
  ip: string | undefined,
): Promise<string> {
  const book = await ownBook(ctx, user, upload.bookId);
  // retired while the bytes were on their way
  if (book.retired_at !== null) throw new AppError(ErrorCode.DUPLICATE, '课程已停用，请先恢复');
  const ext = path
    .extname(upload.fileName)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '');
  const originalKey = `originals/${crypto.randomUUID()}${ext}`;
  await ctx.files.moveIn(originalKey, upload.file);
  const payload: TranscodePayload = {
    kind: upload.kind,
    originalKey,
    bookId: upload.bookId,
    title: upload.title,
    fileName: upload.fileName,
    size: upload.size,
    personId: user.personId,
    actorOrgId: user.orgId,
    ...(ip ? { ip } : {}),
  };
  let jobId = '';
  await audited(
    ctx,
    user,
    ip,
    {
      action: 'course-unit.upload',
      bookId: upload.bookId,
      summary: { after: { title: upload.title, fileName: upload.fileName, size: upload.size } },
    },
    async (trx) => {
      jobId = await enqueueJob(
        trx,
        { kind: TRANSCODE_JOB, orgId: bookOwnerOf(user), subjectId: upload.bookId, payload, createdBy: user.personId },
        ctx.now(),
      );
    },
  );
  ctx.jobs.kick();
  return jobId;
}

async function ownUnit(ctx: AppContext, user: AuthUser, warpId: string) {
  const unit = await findOwnUnit(ctx.db, bookOwnerOf(user), warpId);
  if (!unit) throw new AppError(ErrorCode.NOT_FOUND, '课件不存在');
  return unit;
}

export async function renameBookUnit(ctx: AppContext, user: AuthUser, warpId: string, title: string, ip: string) {
  const unit = await ownUnit(ctx, user, warpId);
  await audited(
    ctx,
    user,
    ip,
    {
      action: 'course-unit.rename',
      bookId: unit.book_id,
      summary: { before: { title: unit.title }, after: { title } },
    },
    (trx) => renameUnit(trx, warpId, title),
  );
  return listBookUnits(ctx, user, unit.book_id);
}

export async function orderBookUnits(ctx: AppContext, user: AuthUser, bookId: string, warpIds: string[], ip: string) {
  await ownBook(ctx, user, bookId);
  const units = await findUnitsOfBook(ctx.db, bookId);
  const given = new Set(warpIds);
  if (given.size !== warpIds.length || units.length !== warpIds.length || units.some((u) => !given.has(u.id))) {
    throw new AppError(ErrorCode.BAD_REQUEST, '课件顺序与课程现有的课件不一致，请刷新后重试');
  }
  await audited(
    ctx,
    user,
    ip,
    { action: 'course-unit.reorder', bookId, summary: { after: { order: warpIds.length } } },
    (trx) => reorderUnits(trx, bookId, warpIds),
  );
  return listBookUnits(ctx, user, bookId);
}

export async function removeBookUnit(ctx: AppContext, user: AuthUser, warpId: string, ip: string) {
  const unit = await ownUnit(ctx, user, warpId);
  const refuse = (msg: string) => new AppError(ErrorCode.DUPLICATE, msg);
  let videoGone = false;
  try {
    await audited(
      ctx,
      user,
      ip,
      { action: 'course-unit.delete', bookId: unit.book_id, summary: { before: { title: unit.title } } },
      async (trx) => {
        // checked under the book's row lock: two deletes at once cannot leave a published book empty
        const book = await lockOwnBook(trx, ctx.dialect, bookOwnerOf(user), unit.book_id);
        const units = await findUnitsOfBook(trx, unit.book_id);
        const row = units.find((u) => u.id === warpId);
        if (!book || !row) throw new AppError(ErrorCode.NOT_FOUND, '课件不存在');
        if (Number(row.studied_by ?? 0) > 0) throw refuse('已有学员学习过这个课件，不能删除');
        if (book.status === 'published' && book.retired_at === null) {
          if (units.length === 1) throw refuse('已发布的课程至少要有一个课件，请先撤回为草稿');
          // what is left must still last the 学时 its new classes take
          const left = units.filter((u) => u.id !== warpId).reduce((s, u) => s + u.duration_seconds, 0);
          const short = hoursShortfall(ctx.config.study.secondsPerClassHour, left, book.class_hours);
          if (short) throw refuse(`删除后${short}`);
        }
        await removeUnitRecords(trx, warpId);
        videoGone = await deleteUnit(trx, warpId, unit.vod_id);
      },
    );
  } catch (err) {
    if (isForeignKeyViolation(err)) throw refuse('已有学员学习过这个课件，不能删除');
    throw err;
  }
  if (videoGone) {
    for (const key of [unit.storage_key, unit.poster_key]) if (key) await ctx.files.remove(key);
  }
  return listBookUnits(ctx, user, unit.book_id);
}

async function ownUploadJob(ctx: AppContext, user: AuthUser, jobId: string) {
  const job = await findJob(ctx.db, jobId);
  if (!job || job.org_id !== bookOwnerOf(user) || job.kind !== TRANSCODE_JOB)
    throw new AppError(ErrorCode.NOT_FOUND, '上传记录不存在');
  return job;
}

export async function retryUpload(ctx: AppContext, user: AuthUser, jobId: string, ip: string) {
  const job = await ownUploadJob(ctx, user, jobId);
  const p = payloadOf(job);
  if (!(await ctx.files.localCopy(p.originalKey)))
    throw new AppError(ErrorCode.DUPLICATE, '上传的文件已不在服务器上，请重新上传');
  let retried = false;
  await audited(
    ctx,
    user,
    ip,
    { action: 'course-unit.retry', bookId: p.bookId, summary: { after: { title: p.title } } },
    async (trx) => {
      retried = await retryJob(trx, jobId, ctx.now());
    },
  );
  if (!retried) throw new AppError(ErrorCode.DUPLICATE, '只有失败的上传可以重试');
  ctx.jobs.kick();
  return listBookUnits(ctx, user, p.bookId);
}

/** Forgets an upload that failed or waits (its original goes too); one being processed cannot. */
export async function dismissUpload(ctx: AppContext, user: AuthUser, jobId: string, ip: string) {
  const job = await ownUploadJob(ctx, user, jobId);
  const p = payloadOf(job);
  if (job.status === 'done') throw new AppError(ErrorCode.DUPLICATE, '这个上传已经成为课件');
  let deleted = false;
  await audited(
    ctx,
    user,
    ip,
    { action: 'course-unit.dismiss', bookId: p.bookId, summary: { before: { title: p.title } } },
    async (trx) => {
      deleted = await deleteJob(trx, jobId);
    },
  );
  if (!deleted) throw new AppError(ErrorCode.DUPLICATE, '正在处理的上传不能删除，请稍候');
  await ctx.files.remove(p.originalKey);
  return listBookUnits(ctx, user, p.bookId);
}
