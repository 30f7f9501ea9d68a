import crypto from 'node:crypto';
import type { TestServer } from './harness.js';

export interface CheckRow {
  personId: string;
  trainPersonId: string;
  status: 'pending' | 'passed' | 'failed';
  /** when it fell due (and passed, for a pass) */
  at: number;
  kind?: 'start' | 'random' | 'end' | 'exam';
  score?: number | null;
  warpCourseId?: string | null;
  sessionId?: string;
  /** the photo sent for it: one attempt is recorded with it, its result the check's */
  photo?: {
    bytes: Buffer;
    key?: string;
    /** the bytes' SHA-256 on record, as the identity feature keeps it for replay detection */
    hashed?: boolean;
    ip?: string | null;
    userAgent?: string | null;
  };
}

/**
 * A face check as the identity feature records one, written into its tables: for tests that
 * need a check in a given state without a camera (the review queue, a void, retention, reports).
 * Returns the check's id and its photo's key.
 */
export async function insertFaceCheck(
  server: Pick<TestServer, 'ctx'>,
  check: CheckRow,
): Promise<{ checkId: string; key: string | null }> {
  const checkId = crypto.randomUUID();
  const at = check.at;
  await server.ctx.db
    .insertInto('face_checks')
    .values({
      id: checkId,
      person_id: check.personId,
      train_person_id: check.trainPersonId,
      kind: check.kind ?? 'random',
      status: check.status,
      session_id: check.sessionId ?? 'test',
      warp_course_id: check.warpCourseId ?? null,
      due_at: at,
      window_ends_at: at + 120_000,
      best_score: check.score ?? null,
      passed_at: check.status === 'passed' ? at : null,
      next_after_seconds: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const photo = check.photo;
  if (!photo) return { checkId, key: null };
  const key = photo.key ?? `faces/test-${checkId}.jpg`;
  await server.ctx.files.put(key, photo.bytes);
  await server.ctx.db
    .insertInto('face_attempts')
    .values({
      id: crypto.randomUUID(),
      person_id: check.personId,
      check_id: checkId,
      purpose: 'check',
      result: check.status === 'pending' ? 'failed' : check.status,
      score: check.score ?? null,
      reason: null,
      photo_key: key,
      photo_sha256: photo.hashed ? crypto.createHash('sha256').update(photo.bytes).digest('hex') : null,
      photo_purged_at: null,
      via: 'camera',
      ip: photo.ip ?? null,
      user_agent: photo.userAgent ?? null,
      created_at: at,
    })
    .execute();
  return { checkId, key };
}
