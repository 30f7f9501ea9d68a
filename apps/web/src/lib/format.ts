/** Made when first needed (times of record never need it): making one costs ~40 ms on a phone. */
let dateTime: Intl.DateTimeFormat | undefined;

/** `2026-11-24T00:05:00.000+08:00`: a time of record, written in the organisation's zone. */
const RECORD_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?[+-]\d{2}:\d{2}$/;

/**
 * A time as 2026-11-24 00:05, the way the exports, the date pickers and a class's dates
 * write a day (pages wrote 2026/11/24 beside a sheet's 2026-11-24). Times of record carry the organisation's offset (the server's
 * `STUDY_TIMEZONE`): shown as written, so the page says the same day as the certificate PDF
 * whatever zone the browser is in. A UTC time (`Z`) is shown in the browser's zone. '—' for none.
 */
function dateTimeText(iso: string | null | undefined, withSeconds: boolean): string {
  if (!iso) return '—';
  const m = RECORD_TIME.exec(iso);
  if (m) return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}${withSeconds ? `:${m[6] ?? '00'}` : ''}`;
  dateTime ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${withSeconds ? `:${p.second}` : ''}`;
}

export const formatDateTime = (iso: string | null | undefined): string => dateTimeText(iso, false);

/** To the second, 2026-11-24 00:05:09: 操作日志, where the order of two writes in one minute matters. */
export const formatDateTimeSeconds = (iso: string | null | undefined): string => dateTimeText(iso, true);

/** The day of a time, 2026-11-24, by the same rule. */
export const formatDate = (iso: string | null | undefined): string => formatDateTime(iso).split(' ')[0]!;

/** Seconds as m:ss (a video's length or position). */
export const formatClock = (seconds: number): string => {
  // whole seconds first: 59.6 s is 1:00, not 0:60
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** A span of study as 1小时43分 / 43分12秒 (zh) or 1 h 43 min / 43 min 12 s (en): never a bare 1:43. */
export function formatDuration(seconds: number, language: 'zh' | 'en' = 'zh'): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (language === 'en') return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`;
  return h > 0 ? `${h}小时${m}分` : m > 0 ? `${m}分${s}秒` : `${s}秒`;
}

/** Whether a time has passed (a check's window, say). */
export const isPast = (iso: string, now = Date.now()): boolean => new Date(iso).getTime() < now;
