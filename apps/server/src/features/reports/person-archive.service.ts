import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { findOrgById } from '../../core/org.repository.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { renderPersonArchive } from './person-archive-pdf.js';
import { findCheckPhotos } from './reports.repository.js';
import { groupBy, learnerReport, type SettleExams } from './reports.service.js';
import { bytesOf } from '../../infra/stream-bytes.js';

/**
 * 一人一档 (issue: Console III): the learner's record (the same figures as his 学习档案, summed
 * from study_events) with the photo of each face check, as a PDF whose every page carries
 * the SHA-256 of its data — the record and the check photos' own hashes — so a copy can be
 * told from the record it claims to be. Producing one is audited.
 */
export async function personArchive(
  ctx: AppContext,
  user: AuthUser,
  personId: string,
  ip: string,
  settleExams?: SettleExams,
) {
  const built = await buildPersonArchive(ctx, user.orgId, personId, settleExams);
  await recordAudit(ctx.db, {
    actor: user,
    ip,
    action: 'archive.person',
    targetType: 'person',
    targetId: personId,
    summary: { after: { sha256: built.sha256 } },
    now: ctx.now(),
  });
  return built;
}

/** The PDF and its data hash, for whoever asked (a manager's download, the class archive job). */
export async function buildPersonArchive(ctx: AppContext, orgId: string, personId: string, settleExams?: SettleExams) {
  const report = await learnerReport(ctx, { orgId }, personId, settleExams);
  const org = await findOrgById(ctx.db, orgId);
  if (!org) throw new AppError(ErrorCode.NOT_FOUND, '单位不存在');
  const checkIds = report.classes.flatMap((c) => c.faceChecks.map((f) => f.checkId));
  const attempts = await findCheckPhotos(ctx.db, checkIds);
  const photos = new Map<string, Buffer>();
  const photoHashes: Record<string, string | null> = {};
  const keptOf = groupBy(
    attempts.filter((a) => a.photo_key),
    (a) => a.check_id ?? '',
  );
  for (const checkId of checkIds) {
    const kept = keptOf.get(checkId) ?? [];
    // the photo that passed it, else the newest one taken for it
    const shown = kept.find((a) => a.result === 'passed') ?? kept[0];
    photoHashes[checkId] = shown?.photo_sha256 ?? null;
    const stream = shown?.photo_key ? await ctx.files.read(shown.photo_key) : undefined;
    if (!stream) continue;
    try {
      const thumbnail = await sharp(await bytesOf(stream))
        .resize(96, 96, { fit: 'cover' })
        .jpeg({ quality: 70 })
        .toBuffer();
      photos.set(checkId, thumbnail);
    } catch (err) {
      ctx.log.warn({ err, checkId }, 'a check photo could not be read for the archive');
    }
  }
  const sha256 = crypto
    .createHash('sha256')
    .update(JSON.stringify({ report, photos: photoHashes }))
    .digest('hex');
  const now = ctx.now();
  const pdf = await renderPersonArchive({ orgName: org.name, report, photos, sha256, producedAt: recordTime(now) });
  return { pdf, fileName: `${report.name}-培训档案.pdf`, sha256 };
}
