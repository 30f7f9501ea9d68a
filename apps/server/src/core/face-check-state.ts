import { sql } from 'kysely';

export type CheckState = 'pending' | 'failed' | 'passed' | 'voided';

/**
 * A face check's state as reports, archives and the dashboard tell it: its own status, or
 * 'voided' once a manager voided it in 核验审核 (face_check_reviews, the identity feature's;
 * the check's row keeps the pass it recorded, and the credit it let through was taken back).
 * For a query whose face_checks are aliased `f`.
 */
export const checkState = () =>
  sql<CheckState>`case when exists (select 1 from face_check_reviews fr where fr.check_id = f.id and fr.decision = 'voided') then 'voided' else f.status end`;

/**
 * Why a photo was refused as no proof of presence: the reference or an earlier photo again, the
 * same still scene beyond patience, a photo not from the page's camera. A pass after one of
 * these goes to 核验审核 (REFUSED_COPIES); reports count them beside the checks.
 */
export const COPY_REFUSALS = ['REPLAY', 'STILL_SCENE', 'NOT_LIVE_CAPTURE'] as const;
