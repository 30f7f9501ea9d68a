/**
 * Times of record (a certificate's date, a check's deadline, an exam's start, a study day)
 * leave the server as ISO 8601 with the offset of the deployment's study time zone
 * (`STUDY_TIMEZONE`), e.g. `2026-11-24T00:05:00.000+08:00`, never as UTC `Z`. The web shows
 * the wall-clock part as written, so a page, a PDF and an export all say the same day
 * whatever zone the browser is in. The zone is a deployment setting, one per process: the
 * app sets it once at build.
 */
let zone = 'Asia/Shanghai';
let parts: Intl.DateTimeFormat = makeFormat(zone);

function makeFormat(timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function setRecordTimeZone(timeZone: string): void {
  if (timeZone === zone) return;
  parts = makeFormat(timeZone);
  zone = timeZone;
}

export const recordTimeZone = (): string => zone;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The zone's offset in minutes at `ms`, from the formatter (slow: a few microseconds). */
function offsetAt(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value])) as Record<string, string>;
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  return Math.round((wall - whole) / 60_000);
}

/**
 * One offset asked for is kept for its quarter hour of UTC (most times of record are "now"),
 * when the zone has that offset all through the quarter: transitions fall on quarter hours in
 * today's zones, but not in all (Antarctica/Casey moved at 16:01 UTC in 2020).
 */
const QUARTER_MS = 15 * 60_000;
let cachedQuarter = Number.NaN;
let cachedOffset = 0;
let cachedZone = '';

function offsetOf(ms: number): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  if (quarter === cachedQuarter && cachedZone === zone) return cachedOffset;
  const offset = offsetAt(ms);
  const start = quarter * QUARTER_MS;
  if (offsetAt(start) === offset && offsetAt(start + QUARTER_MS - 1) === offset) {
    cachedOffset = offset;
    cachedQuarter = quarter;
    cachedZone = zone;
  }
  return offset;
}

/** Epoch ms → `YYYY-MM-DDTHH:mm:ss.SSS±HH:MM` in the study time zone. */
export function recordTime(ms: number): string {
  const offsetMinutes = offsetOf(ms);
  const wall = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}.${pad(wall.getUTCMilliseconds(), 3)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

export const recordTimeOrNull = (ms: number | null): string | null => (ms === null ? null : recordTime(ms));

/** The first millisecond of a day ('YYYY-MM-DD') in the study time zone. */
export function dayStart(day: string): number {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const wall = Date.parse(recordTime(guess).slice(0, 19) + 'Z');
  return guess - (wall - guess);
}

/**
 * A moment of record as a sheet cell holds it: a date (Excel sorts and filters it as one)
 * whose clock is the study time zone's wall clock, to the second — a sheet has no zones, so
 * the cell says what the pages say. `null` (an empty cell) for none.
 */
export const sheetTime = (ms: number | null | undefined): Date | null =>
  ms === null || ms === undefined ? null : new Date(Date.parse(recordTime(Number(ms)).slice(0, 19) + 'Z'));
