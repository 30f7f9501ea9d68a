import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { idText, line, paragraphs } from './text.js';

/** 通知公告 in the console (issue: Console I): for the organisation or one class. */
export const announcementStatus = z.enum(['published', 'withdrawn']);
export const announcementQuery = z.strictObject({
  ...pageQuery.shape,
  status: announcementStatus.optional(),
  classId: idText().optional(),
});
export const announcement = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** null: the whole organisation */
  classId: z.string().nullable(),
  className: z.string().nullable(),
  status: announcementStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcement>;
export const announcementPage = z.object({ records: z.array(announcement), total: z.number() });

const title = line(60)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, '请输入标题'));
const content = paragraphs(2000, '内容不能超过2000字').pipe(z.string().min(1, '请输入内容'));

export const createAnnouncementBody = z.strictObject({
  title,
  content,
  /** omitted or null: the whole organisation */
  classId: idText().nullish(),
});
export type CreateAnnouncementBody = z.input<typeof createAnnouncementBody>;
export const updateAnnouncementBody = z
  .strictObject({ title: title.optional(), content: content.optional() })
  .refine((b) => b.title !== undefined || b.content !== undefined, '没有要修改的内容');
