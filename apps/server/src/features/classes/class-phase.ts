import type { ClassPhase, ManagedClass } from '@anxun/shared/schemas/classes';

/**
 * Where an open class stands on its dates (YYYY-MM-DD of the study time zone, compared as
 * text) on `today`, that zone's day: a class starting next month is 未开始, not 进行中; one
 * past its end date and not yet closed, 已到期. The server says it, so a browser in another
 * zone shows the organisation's day, not its own.
 */
export function classPhase(c: Pick<ManagedClass, 'status' | 'startDate' | 'endDate'>, today: string): ClassPhase {
  if (c.status === 'closed') return 'closed';
  if (c.startDate && c.startDate > today) return 'notStarted';
  if (c.endDate && c.endDate < today) return 'ended';
  return 'open';
}
