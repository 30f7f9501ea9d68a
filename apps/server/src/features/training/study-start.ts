import type { Db } from '../../infra/database.js';
import { incrementStudyCount } from '../../core/training-records.repository.js';
import { claimStudyStart, playbackEarned } from './training.repository.js';

/** Credit a playback earns before it counts as a study start (学习次数). */
const STUDY_START_SECONDS = 15;

/**
 * Counts a playback of a unit as a study start (学习次数) once it has earned enough credit: at
 * least 15 s, a third of a short unit. One never reported, or stepped a fraction of a second,
 * counts nothing — a script gets one count per 15 s of real, credited study at most — and a
 * playback counts once, whether the page asked (addRecnum) or its last report came as it closed.
 */
export async function countStudyStartOf(
  db: Db,
  unit: { warpCourseId: string; durationSeconds: number; personId: string },
  playbackId: string,
  now: number,
  /** its 最近学习 moved to now: when the page asks, not from a playback's last report (refused, it is no study) */
  touch = true,
): Promise<boolean> {
  const atLeast = Math.min(STUDY_START_SECONDS, unit.durationSeconds / 3);
  if (!(await playbackEarned(db, unit.warpCourseId, playbackId, atLeast))) return false;
  const counted = await claimStudyStart(db, {
    playback_id: playbackId,
    person_id: unit.personId,
    warp_course_id: unit.warpCourseId,
    created_at: now,
  });
  if (counted) await incrementStudyCount(db, unit.warpCourseId, now, touch);
  return counted;
}
