/**
 * Whether a class is within its training period at `now`: not closed, on or after its start
 * day and on or before its end day (days of the study time zone, stored as the ms of their
 * start; the end day runs 24 hours — the zones of record keep no summer time).
 */
export function inPeriod(
  c: { class_closed_at: number | null; class_start_date: number | null; class_end_date: number | null },
  now: number,
): boolean {
  if (c.class_closed_at !== null) return false;
  if (c.class_start_date !== null && now < Number(c.class_start_date)) return false;
  return c.class_end_date === null || now < Number(c.class_end_date) + 86_400_000;
}
