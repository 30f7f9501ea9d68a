import { z } from 'zod';

/**
 * 档案保存 (issue: Console III): training records and face-check photos are kept at least this
 * many years — 3 unless the organisation says more; a class may keep its own longer (6 years
 * for special-operations workers). Study events, checks and exam records are never deleted;
 * what the retention governs is when a face-check photo's bytes may go.
 */
export const RETENTION_DEFAULT_YEARS = 3;
export const retentionYears = z
  .number()
  .int('档案保存年限应为整数')
  .min(RETENTION_DEFAULT_YEARS, '档案保存年限不能少于3年')
  .max(30, '档案保存年限不能超过30年');

export const retentionSettings = z.object({
  retentionYears: z.number(),
  /** face-check photos of the organisation's learners still held, and those whose time ran out */
  photosKept: z.number(),
  photosPurged: z.number(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;
export const retentionBody = z.strictObject({ retentionYears });
