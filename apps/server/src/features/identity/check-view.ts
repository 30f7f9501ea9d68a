import type { FaceCheck } from '@anxun/shared/schemas/identity';
import type { Selectable } from 'kysely';
import type { FaceChecksTable } from '../../infra/db-schema.js';

type CheckFields = Pick<
  Selectable<FaceChecksTable>,
  'id' | 'train_person_id' | 'kind' | 'status' | 'due_at' | 'window_ends_at' | 'attempts' | 'best_score' | 'passed_at'
>;

/** A check as the learner sees it: one not passed within its window is missed. */
export function toFaceCheck(row: CheckFields, now: number): FaceCheck {
  const missed = row.status !== 'passed' && now > row.window_ends_at;
  return {
    checkId: row.id,
    trainPersonId: row.train_person_id,
    kind: row.kind,
    status: missed ? 'missed' : row.status,
    dueAt: new Date(row.due_at).toISOString(),
    windowEndsAt: new Date(row.window_ends_at).toISOString(),
    attempts: row.attempts,
    bestScore: row.best_score === null ? null : Math.round(row.best_score * 1000) / 1000,
    passedAt: row.passed_at === null ? null : new Date(row.passed_at).toISOString(),
    late: row.status === 'passed' && row.passed_at !== null && row.passed_at > row.window_ends_at,
  };
}
