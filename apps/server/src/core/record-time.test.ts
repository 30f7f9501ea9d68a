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

  it('change offset at the instant a zone does, on the hour and on the half hour', () => {
    setRecordTimeZone('America/New_York');
    const spring = Date.UTC(2026, 2, 8, 7, 0, 0); // 02:00 EST becomes 03:00 EDT
    expect(recordTime(spring - 1)).toBe('2026-03-08T01:59:59.999-05:00');
    expect(recordTime(spring)).toBe('2026-03-08T03:00:00.000-04:00');
    setRecordTimeZone('Australia/Lord_Howe');
    const halfHour = Date.UTC(2026, 9, 3, 15, 30, 0); // 02:00 +10:30 becomes 02:30 +11:00
    expect(recordTime(halfHour - 1)).toBe('2026-10-04T01:59:59.999+10:30');
    expect(recordTime(halfHour)).toBe('2026-10-04T02:30:00.000+11:00');
    // a zone that moved at 16:01 UTC: the quarter before is not all one offset
    setRecordTimeZone('Antarctica/Casey');
    expect(recordTime(Date.UTC(2020, 9, 3, 16, 0, 30))).toBe('2020-10-04T00:00:30.000+08:00');
    expect(recordTime(Date.UTC(2020, 9, 3, 16, 5, 0))).toBe('2020-10-04T03:05:00.000+11:00');
  });

  it('agree with the zone database at any moment, in zones of odd offsets', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns', 'Europe/London']) {
      setRecordTimeZone(zone);
      const format = new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      let ms = Date.UTC(2026, 0, 1);
      for (let i = 0; i < 1000; i++) {
        ms += 7 * 3_600_000 + 1_234_567 * (i % 13); // walks the year across both transitions
        const written = recordTime(ms);
        expect(written.slice(0, 19).replace('T', ' '), `${zone} ${ms}`).toBe(format.format(ms));
        expect(new Date(written).getTime()).toBe(ms);
      }
    }
  });
});
