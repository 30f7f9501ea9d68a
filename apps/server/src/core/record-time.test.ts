import { afterEach, describe, expect, it } from 'vitest';
import { dayStart, recordTime, setRecordTimeZone } from './record-time.js';

describe('times of record', () => {
  afterEach(() => setRecordTimeZone('Asia/Shanghai'));

  it('are written in the study time zone with its offset, and parse back to the same instant', () => {
    // 16:05 UTC on the 23rd is just after midnight of the 24th in Shanghai
    const ms = Date.UTC(2026, 10, 23, 16, 5, 7, 89);
    expect(recordTime(ms)).toBe('2026-11-24T00:05:07.089+08:00');
    expect(new Date(recordTime(ms)).getTime()).toBe(ms);
  });

  it("turn an organisation's day into the instant it starts", () => {
    expect(recordTime(dayStart('2026-11-24'))).toBe('2026-11-24T00:00:00.000+08:00');
  });

  it('follow another zone, daylight saving included', () => {
    setRecordTimeZone('America/New_York');
    expect(recordTime(Date.UTC(2026, 6, 1, 12, 0, 0))).toBe('2026-07-01T08:00:00.000-04:00');
    expect(recordTime(Date.UTC(2026, 0, 1, 12, 0, 0))).toBe('2026-01-01T07:00:00.000-05:00');
    setRecordTimeZone('UTC');
    expect(recordTime(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe('2026-01-01T00:00:00.000+00:00');
  });
});
