import type { NoticeItem } from '@anxun/shared/schemas/shell';
import type { AppContext } from '../../app-context.js';
import {
  clearAnnouncementsFor,
  countAnnouncementsFor,
  findAnnouncementsFor,
} from '../../core/announcement.repository.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { clearNotices, countActiveNotices, findActiveNotices } from './notice.repository.js';

const NOTICE_LIST_MAX = 50;

/**
 * The header's notice list: the person's own messages and the announcements a training
 * manager published for the organisation or one of the person's classes, newest first.
 */
export async function listNotices(ctx: AppContext, user: AuthUser): Promise<{ list: NoticeItem[]; total: number }> {
  const reader = { personId: user.personId, orgId: user.orgId };
  const [own, ownCount, published, publishedCount] = await Promise.all([
    findActiveNotices(ctx.db, user.personId, NOTICE_LIST_MAX),
    countActiveNotices(ctx.db, user.personId),
    findAnnouncementsFor(ctx.db, reader, NOTICE_LIST_MAX),
    countAnnouncementsFor(ctx.db, reader),
  ]);
  const items = [
    ...own.map((r) => ({
      at: r.created_at,
      item: {
        id: r.id,
        kind: r.kind === 'email' ? ('email' as const) : ('notice' as const),
        title: r.title,
        notice: r.kind === 'email' ? '' : r.content,
        email: r.kind === 'email' ? r.content : '',
        image: r.image,
        createTime: recordTime(r.created_at),
      },
    })),
    ...published.map((r) => ({
      at: r.created_at,
      item: {
        id: r.id,
        kind: 'notice' as const,
        title: r.title,
        notice: r.content,
        email: '',
        image: null,
        createTime: recordTime(r.created_at),
      },
    })),
  ];
  items.sort((a, b) => b.at - a.at);
  return { list: items.slice(0, NOTICE_LIST_MAX).map((i) => i.item), total: ownCount + publishedCount };
}

/** 清空消息: the person's own messages and, for him alone, the announcements he sees now. */
export async function clearAllNotices(ctx: AppContext, user: AuthUser): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await clearNotices(trx, user.personId, now);
    await clearAnnouncementsFor(trx, { personId: user.personId, orgId: user.orgId }, now);
  });
}
