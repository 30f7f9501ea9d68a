import type { RetentionSettings } from '@anxun/shared/schemas/retention';
import type { AppContext } from '../../app-context.js';
import { findOrgById } from '../../core/org.repository.js';
import { changeOrgSetting } from '../../core/org-settings.js';
import type { AuthUser } from '../../core/session.service.js';
import { countPhotosOfOrg } from './retention.repository.js';

/**
 * 档案保存 (issue: Console III): how long the organisation keeps its training records. Study
 * events, checks, exams and certificates are never deleted; the setting decides when a
 * face-check photo may be purged (identity/photo-retention reads it).
 */
export async function retentionSettings(ctx: AppContext, user: AuthUser): Promise<RetentionSettings> {
  const [org, photos] = await Promise.all([findOrgById(ctx.db, user.orgId), countPhotosOfOrg(ctx.db, user.orgId)]);
  return { retentionYears: org?.retention_years ?? 3, photosKept: photos.kept, photosPurged: photos.purged };
}

export async function changeRetention(
  ctx: AppContext,
  user: AuthUser,
  retentionYears: number,
  ip: string,
): Promise<RetentionSettings> {
  const before = await retentionSettings(ctx, user);
  await changeOrgSetting(ctx, user, ip, {
    action: 'organisation.retention',
    values: { retention_years: retentionYears },
    before: { retentionYears: before.retentionYears },
    after: { retentionYears },
  });
  return retentionSettings(ctx, user);
}
