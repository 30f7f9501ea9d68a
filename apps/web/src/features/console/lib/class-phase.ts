import type { ClassPhase } from '@anxun/shared/schemas/classes';

/** A class's phase (the server's, on the study time zone's day) as a tag colour in 班级管理. */
export const PHASE_COLOR: Record<ClassPhase, string> = {
  notStarted: 'cyan',
  open: 'processing',
  ended: 'warning',
  closed: 'default',
};
