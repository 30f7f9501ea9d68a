import { sql } from 'kysely';

export type CheckState = 'pending' | 'failed' | 'passed' | 'voided' | 'missed';

const VOIDED = sql`exists (select 1 from face_check_reviews fr where fr.check_id = f.id and fr.decision = 'voided')`;

/**
 * A face check's state as reports, archives and the dashboard tell it: its own status, or
 * 'voided' once a manager voided it in 核验审核 (face_check_reviews, the identity feature's;
 * the check's row keeps the pass it recorded, and the credit it let through was taken back).
 * Given `now`, a check whose window has closed unpassed is no longer 待核验, as if under way:
 * with no photo sent for it, 'missed' (逾期未核验, as the learner's own list says); with photos
 * sent — refused as copies or too dark leave it pending — 'failed' (未通过), as one whose face
 * did not match. For a query whose face_checks are aliased `f`.
 */
export const checkState = (now?: number) =>
  now === undefined
    ? sql<CheckState>`case when ${VOIDED} then 'voided' else f.status end`
    : sql<CheckState>`case when ${VOIDED} then 'voided' when f.status = 'pending' and f.window_ends_at < ${now} then (case when exists (select 1 from face_attempts fa where fa.check_id = f.id) then 'failed' else 'missed' end) else f.status end`;

/**
 * Why a photo was refused as no proof of presence: the reference or an earlier photo again, the
 * same still scene beyond patience, a photo not from the page's camera. A pass after one of
 * these goes to 核验审核 (REFUSED_COPIES); reports count them beside the checks.
 */
export const COPY_REFUSALS = ['REPLAY', 'STILL_SCENE', 'NOT_LIVE_CAPTURE'] as const;
