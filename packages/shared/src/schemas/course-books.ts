import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { line, paragraphs } from './text.js';

/** 课程管理 (issue: Console II): an organisation's own course books, drafts included. */
export const bookStatus = z.enum(['draft', 'published', 'retired']);
export const managedBookQuery = z.strictObject({
  ...pageQuery.shape,
  status: bookStatus.optional(),
  q: line(40).optional(),
});
export const managedBook = z.object({
  courseBookId: z.string(),
  name: z.string(),
  intro: z.string(),
  teachers: z.array(z.string()),
  category: z.string(),
  classHours: z.number(),
  /** the cover image, public like the catalogue that shows it */
  coverUrl: z.string().nullable(),
  status: bookStatus,
  unitCount: z.number(),
  /** its units' length in all: the most study it can credit, which its 学时 may not exceed */
  unitSeconds: z.number(),
  /** why its units cannot make up its 学时 (publishing is refused for it), or null */
  hoursShort: z.string().nullable(),
  questionCount: z.number(),
  classCount: z.number(),
  updatedAt: z.string(),
});
export type ManagedBook = z.infer<typeof managedBook>;
export const managedBookPage = z.object({ records: z.array(managedBook), total: z.number() });

const name = line(60).pipe(z.string().trim().min(1, '请输入课程名称'));
const teachers = z.array(line(20).pipe(z.string().trim().min(1))).max(10, '授课老师最多10位');
export const createBookBody = z.strictObject({
  name,
  intro: paragraphs(2000, '简介不能超过2000字').optional(),
  teachers: teachers.optional(),
  category: line(30).optional(),
  // short books exist (the demo's are minutes long): 0.05 学时 is the least a book can require
  classHours: z.number().min(0.05, '学时不能少于0.05').max(200, '学时不能超过200'),
});
export type CreateBookBody = z.input<typeof createBookBody>;
export const updateBookBody = createBookBody
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), '没有要修改的内容');

/**
 * 平台课程: the platform operator's shared books (published, not retired) as an organisation's
 * manager sees them, and whether his organisation has added each to its catalogue.
 */
export const sharedBookQuery = z.strictObject({
  ...pageQuery.shape,
  q: line(40).optional(),
});
export const sharedBook = z.object({
  courseBookId: z.string(),
  name: z.string(),
  intro: z.string(),
  teachers: z.array(z.string()),
  category: z.string(),
  classHours: z.number(),
  coverUrl: z.string().nullable(),
  unitCount: z.number(),
  questionCount: z.number(),
  /** in this organisation's catalogue: its learners see it and its classes may take it */
  added: z.boolean(),
  /** this organisation's classes that have the book */
  classCount: z.number(),
});
export type SharedBook = z.infer<typeof sharedBook>;
export const sharedBookPage = z.object({ records: z.array(sharedBook), total: z.number() });
