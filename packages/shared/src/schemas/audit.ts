import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { idText, line } from './text.js';

/** A calendar day that exists: YYYY-MM-DD (2024-02-30 is refused, not read as 1 March). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, '日期不存在');

/** 操作日志: filter by action (or its prefix, e.g. 'learner.'), who, what, and a day range. */
export const auditQuery = z.strictObject({
  ...pageQuery.shape,
  action: line(60).optional(),
  actorId: idText().optional(),
  targetId: idText().optional(),
  from: day.optional(),
  to: day.optional(),
});

export const auditRecord = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** {before?, after?}: values masked, never a password */
  summary: z.unknown(),
});
export const auditPage = z.object({ records: z.array(auditRecord), total: z.number() });
