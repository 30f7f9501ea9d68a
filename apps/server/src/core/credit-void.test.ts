import { describe, expect, it } from 'vitest';
import { daysTakenBack } from './credit-void.js';

const zone = 'Asia/Shanghai';
// 2026-11-28 and 2026-11-29, 10:00 in Shanghai
const day1 = Date.UTC(2026, 10, 28, 2);
const day2 = Date.UTC(2026, 10, 29, 2);
const credit = (at: number, seconds: number) => ({ created_at: at, credited_seconds: seconds });

describe('the study days a void takes back', () => {
  it('takes each day back what was earned on it', () => {
    const events = [credit(day1, 30), credit(day1 + 1000, 30), credit(day2, 45)];
    expect(Object.fromEntries(daysTakenBack(events, 105, zone))).toEqual({ '2026-11-28': 60, '2026-11-29': 45 });
  });

  it('counts days in the study zone, not UTC', () => {
    // 23:30 UTC on the 28th is the 29th in Shanghai
    const late = Date.UTC(2026, 10, 28, 23, 30);
    expect(Object.fromEntries(daysTakenBack([credit(late, 20)], 20, zone))).toEqual({ '2026-11-29': 20 });
    expect(Object.fromEntries(daysTakenBack([credit(late, 20)], 20, 'UTC'))).toEqual({ '2026-11-28': 20 });
  });

  it('does not take back again what an earlier void took: that was the latest credit', () => {
    // day 1's 50 s, day 2's 40 s taken back by an earlier void, then 10 s studied again on day 2
    const events = [credit(day1, 50), credit(day2, 40), credit(day2 + 5000, -40), credit(day2 + 9000, 10)];
    expect(Object.fromEntries(daysTakenBack(events, 60, zone))).toEqual({ '2026-11-28': 50, '2026-11-29': 10 });
  });

  it('takes only the net, latest first, when less stands than was earned', () => {
    // an earlier void's compensation reached before this void's moment: its events are not here
    const events = [credit(day1, 30), credit(day2, 20), credit(day2 + 1000, -35)];
    // 30 + 20 - 35 = 15 stand: the 15 left of day 1
    expect(Object.fromEntries(daysTakenBack(events, 15, zone))).toEqual({ '2026-11-28': 15 });
    expect(daysTakenBack([], 0, zone).size).toBe(0);
  });
});
