import type { FaceCheck } from '@anxun/shared/schemas/identity';
import type { Selectable } from 'kysely';
import type { FaceChecksTable } from '../../infra/db-schema.js';
import { recordTime } from '../../core/record-time.js';
import type { CheckState } from '../../core/face-check-state.js';

type CheckFields = Pick<
  Selectable<FaceChecksTable>,
  'id' | 'train_person_id' | 'kind' | 'status' | 'due_at' | 'window_ends_at' | 'attempts' | 'passed_at'
>;

/**
 * A check as the learner sees it: one not passed within its window is missed; with `state`
 * (core/face-check-state), a voided pass is voided. `attempt_count`: every photo he sent for it,
 * refused ones included, as the console counts them (the row's `attempts` counts compared ones).
 */
export function toFaceCheck(
  row: CheckFields & { state?: CheckState; attempt_count?: number | string },
  now: number,
): FaceCheck {
  const missed = row.status !== 'passed' && now > row.window_ends_at;
  return {
    checkId: row.id,
    trainPersonId: row.train_person_id,
    kind: row.kind,
    status: row.state === 'voided' ? 'voided' : missed ? 'missed' : row.status,
    dueAt: recordTime(row.due_at),
    windowEndsAt: recordTime(row.window_ends_at),
    attempts: row.attempt_count === undefined ? row.attempts : Number(row.attempt_count),
    // the manager sees it (核验审核, the records); told to the learner, a running best would let
    // him tune a copy of his photo until it passes
    bestScore: null,
    passedAt: row.passed_at === null ? null : recordTime(row.passed_at),
    late: row.status === 'passed' && row.passed_at !== null && row.passed_at > row.window_ends_at,
  };
}
