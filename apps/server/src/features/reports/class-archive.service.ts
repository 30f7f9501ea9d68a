import { ErrorCode } from '@anxun/shared/errors';
import type { ClassArchiveStatus } from '@anxun/shared/schemas/reports';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { enqueueJob, findLatestJobs } from '../../infra/job-queue.js';
import { CLASS_ARCHIVE_JOB, type ClassArchiveResult } from './class-archive.job.js';
import { reportClass } from './reports.service.js';

/** 一期一档: a manager asks for the class's archive; it is built in the background. */
export async function requestClassArchive(ctx: AppContext, user: AuthUser, classId: string, ip: string) {
  const cls = await reportClass(ctx, user, classId);
  const { latest } = await findLatestJobs(ctx.db, CLASS_ARCHIVE_JOB, cls.id);
  // one at a time per class: asking again while it is built is no second job
  if (latest && (latest.status === 'queued' || latest.status === 'running')) return { jobId: latest.id };
  let jobId = '';
  await ctx.db.transaction().execute(async (trx) => {
    jobId = await enqueueJob(
      trx,
      {
        kind: CLASS_ARCHIVE_JOB,
        orgId: user.orgId,
        subjectId: cls.id,
        payload: { classId: cls.id, orgId: user.orgId },
        createdBy: user.personId,
      },
      ctx.now(),
    );
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'archive.class',
      targetType: 'class',
      targetId: cls.id,
      summary: { after: { jobId } },
      now: ctx.now(),
    });
  });
  ctx.jobs.kick();
  return { jobId };
}

export async function classArchiveStatus(
  ctx: AppContext,
  user: AuthUser,
  classId: string,
): Promise<ClassArchiveStatus> {
  const cls = await reportClass(ctx, user, classId);
  const { latest, done } = await findLatestJobs(ctx.db, CLASS_ARCHIVE_JOB, cls.id);
  const result = done?.result ? (JSON.parse(done.result) as ClassArchiveResult) : undefined;
  return {
    jobId: latest?.id ?? null,
    status: latest?.status ?? 'none',
    percent: latest?.percent ?? 0,
    error: latest?.status === 'failed' ? latest.error : null,
    ready:
      done && result
        ? { producedAt: recordTime(done.updated_at), bytes: result.bytes, sha256: result.sha256, files: result.files }
        : null,
  };
}

/** The newest archive built for the class, as a stream; audited. */
export async function openClassArchive(ctx: AppContext, user: AuthUser, classId: string, ip: string) {
  const cls = await reportClass(ctx, user, classId);
  const { done } = await findLatestJobs(ctx.db, CLASS_ARCHIVE_JOB, cls.id);
  const result = done?.result ? (JSON.parse(done.result) as ClassArchiveResult) : undefined;
  const stream = result ? await ctx.files.read(result.key) : undefined;
  if (!result || !stream) throw new AppError(ErrorCode.NOT_FOUND, '一期一档还没有生成，请先生成');
  await recordAudit(ctx.db, {
    actor: user,
    ip,
    action: 'archive.class.download',
    targetType: 'class',
    targetId: cls.id,
    summary: { after: { sha256: result.sha256 } },
    now: ctx.now(),
  });
  return { stream, fileName: `${cls.name}-一期一档.zip`, sha256: result.sha256, bytes: result.bytes };
}
