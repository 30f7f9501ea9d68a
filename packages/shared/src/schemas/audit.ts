import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { calendarDay, idText, line } from './text.js';

const day = calendarDay;

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
  /** what the record was about, by name (a learner's, a class's…); null once deleted */
  targetName: z.string().nullable(),
  /** the organisation a record is of, in the platform's log (the operator's); null in an organisation's own */
  orgName: z.string().nullable(),
  /** {before?, after?}: values masked, never a password */
  summary: z.unknown(),
  /** the ids the summary names (a department's, a class's, a person's…) by their names as they are now */
  summaryNames: z.record(z.string(), z.string()),
});
export const auditPage = z.object({ records: z.array(auditRecord), total: z.number() });
