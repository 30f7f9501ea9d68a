import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type {
  Announcement,
  announcementQuery,
  createAnnouncementBody,
  updateAnnouncementBody,
} from '@anxun/shared/schemas/notices';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import {
  findAnnouncementOfOrg,
  findAnnouncementsOfOrg,
  findClassNameOfOrg,
  insertAnnouncement,
  updateAnnouncement,
} from '../../core/announcement.repository.js';
import { changedFields, recordAudit } from '../../core/audit.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';

type Row = NonNullable<Awaited<ReturnType<typeof findAnnouncementOfOrg>>>;
const toAnnouncement = (r: Row): Announcement => ({
  id: r.id,
  title: r.title,
  content: r.content,
  classId: r.class_id,
  className: r.class_name ?? null,
  status: r.withdrawn_at === null ? 'published' : 'withdrawn',
  createdAt: recordTime(r.created_at),
  updatedAt: recordTime(r.updated_at),
});

async function own(ctx: AppContext, user: AuthUser, id: string): Promise<Row> {
  const row = await findAnnouncementOfOrg(ctx.db, user.orgId, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '通知不存在');
  return row;
}

export async function listAnnouncements(ctx: AppContext, user: AuthUser, query: z.output<typeof announcementQuery>) {
  const { rows, total } = await findAnnouncementsOfOrg(ctx.db, user.orgId, {
    status: query.status,
    classId: query.classId,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  return { records: rows.map(toAnnouncement), total };
}

export async function createAnnouncement(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof createAnnouncementBody>,
  ip: string,
): Promise<Announcement> {
  const classId = body.classId ?? null;
  if (classId && !(await findClassNameOfOrg(ctx.db, user.orgId, classId))) {
    throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
  }
  const id = crypto.randomUUID();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await insertAnnouncement(trx, {
      id,
      org_id: user.orgId,
      class_id: classId,
      title: body.title,
      content: body.content,
      created_by: user.personId,
      created_at: now,
      updated_at: now,
      withdrawn_at: null,
    });
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'notice.create',
      targetType: 'notice',
      targetId: id,
      summary: { after: { title: body.title, classId } },
      now,
    });
  });
  return toAnnouncement(await own(ctx, user, id));
}

export async function editAnnouncement(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  body: z.output<typeof updateAnnouncementBody>,
  ip: string,
): Promise<Announcement> {
  const before = await own(ctx, user, id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateAnnouncement(trx, id, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
      updated_at: now,
    });
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'notice.update',
      targetType: 'notice',
      targetId: id,
      summary: changedFields({ title: before.title, content: before.content }, body, ['title']),
      now,
    });
  });
  return toAnnouncement(await own(ctx, user, id));
}

/** Withdrawn: learners no longer see it; published again: they do (unless they cleared it). */
export async function setAnnouncementWithdrawn(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  withdrawn: boolean,
  ip: string,
): Promise<Announcement> {
  const before = await own(ctx, user, id);
  const now = ctx.now();
  if ((before.withdrawn_at !== null) !== withdrawn) {
    await ctx.db.transaction().execute(async (trx) => {
      await updateAnnouncement(trx, id, { withdrawn_at: withdrawn ? now : null, updated_at: now });
      await recordAudit(trx, {
        actor: user,
        ip,
        action: withdrawn ? 'notice.withdraw' : 'notice.republish',
        targetType: 'notice',
        targetId: id,
        summary: { after: { title: before.title } },
        now,
      });
    });
  }
  return toAnnouncement(await own(ctx, user, id));
}
