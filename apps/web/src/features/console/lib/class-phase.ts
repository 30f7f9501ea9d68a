import type { ManagedClass } from '../api/console-api';

export type ClassPhase = 'notStarted' | 'open' | 'ended' | 'closed';

/**
 * Where an open class stands on its dates (YYYY-MM-DD, compared as text) on `today`: a class
 * starting next month is 未开始, not 进行中; one past its end date and not yet closed, 已到期.
 */
export function classPhase(c: Pick<ManagedClass, 'status' | 'startDate' | 'endDate'>, today: string): ClassPhase {
  if (c.status === 'closed') return 'closed';
  if (c.startDate && c.startDate > today) return 'notStarted';
  if (c.endDate && c.endDate < today) return 'ended';
  return 'open';
}

export const PHASE_COLOR: Record<ClassPhase, string> = {
  notStarted: 'cyan',
  open: 'processing',
  ended: 'warning',
  closed: 'default',
};
