const dateTime = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `2026-11-24T00:05:00.000+08:00`: a time of record, written in the organisation's zone. */
const RECORD_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?[+-]\d{2}:\d{2}$/;

/**
 * A time as 2026/11/24 00:05. Times of record carry the organisation's offset (the server's
 * `STUDY_TIMEZONE`): shown as written, so the page says the same day as the certificate PDF
 * whatever zone the browser is in. A UTC time (`Z`) is shown in the browser's zone. '—' for none.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = RECORD_TIME.exec(iso);
  if (m) return `${m[1]}/${m[2]}/${m[3]} ${m[4]}:${m[5]}`;
  return dateTime.format(new Date(iso));
}

/** The day of a time, 2026/11/24, by the same rule. */
export const formatDate = (iso: string | null | undefined): string => formatDateTime(iso).split(' ')[0]!;

/** Seconds as m:ss (a video's length or position). */
export const formatClock = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** Whether a time has passed (a check's window, say). */
export const isPast = (iso: string, now = Date.now()): boolean => new Date(iso).getTime() < now;
