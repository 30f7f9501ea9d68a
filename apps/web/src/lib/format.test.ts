import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, formatDateTimeSeconds, formatDuration } from './format';

describe('dates of record', () => {
  it('show the wall clock of the organisation, whatever zone the browser is in', () => {
    // issued just after midnight in Shanghai: the 24th, as the certificate PDF says
    expect(formatDateTime('2026-11-24T00:05:07.089+08:00')).toBe('2026-11-24 00:05');
    expect(formatDate('2026-11-24T00:05:07.089+08:00')).toBe('2026-11-24');
    expect(formatDateTime('2026-07-01T08:00:00.000-04:00')).toBe('2026-07-01 08:00');
    // 操作日志's, to the second
    expect(formatDateTimeSeconds('2026-11-24T00:05:07.089+08:00')).toBe('2026-11-24 00:05:07');
  });

  it("write a UTC time in the browser's zone the same way, a day as the exports write it", () => {
    const at = new Date(2026, 0, 5, 7, 3);
    expect(formatDateTime(at.toISOString())).toBe('2026-01-05 07:03');
    expect(formatDateTimeSeconds(new Date(2026, 0, 5, 7, 3, 9).toISOString())).toBe('2026-01-05 07:03:09');
    expect(formatDate(at.toISOString())).toBe('2026-01-05');
  });

  it('show nothing as a dash', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
  });
});

describe('spans of study', () => {
  it('read as hours and minutes, never as a clock', () => {
    expect(formatDuration(6180)).toBe('1小时43分');
    expect(formatDuration(103)).toBe('1分43秒');
    expect(formatDuration(9)).toBe('9秒');
    expect(formatDuration(6180, 'en')).toBe('1 h 43 min');
    expect(formatDuration(103, 'en')).toBe('1 min 43 s');
  });
});

describe('a video clock', () => {
  it('reads m:ss, a second that rounds up carrying into the minute', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(39)).toBe('0:39');
    expect(formatClock(59.6)).toBe('1:00');
    expect(formatClock(119.5)).toBe('2:00');
    expect(formatClock(754.2)).toBe('12:34');
  });
});
