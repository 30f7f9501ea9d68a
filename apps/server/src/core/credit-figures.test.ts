import { describe, expect, it } from 'vitest';
import { coursesHours, creditHours, creditSeconds, totalHours } from './credit-figures.js';

describe('credited seconds and 学时 as the views print them', () => {
  it('prints a sum of decimal credits to the millisecond, what a void left as nothing, a real negative as it is', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(creditSeconds(0.1 + 0.2)).toBe(0.3);
    expect(creditSeconds(5.011 + 5.018 + 4.019)).toBe(14.048);
    expect(0.3 - 0.1 - 0.2).toBeLessThan(0); // what floating point leaves of credit taken back
    expect(Object.is(creditSeconds(0.3 - 0.1 - 0.2), 0)).toBe(true);
    expect(Object.is(creditSeconds(-1.7763568394002505e-15), 0)).toBe(true);
    expect(creditSeconds('54.048')).toBe(54.048); // PostgreSQL sums arrive as text
    expect(creditSeconds(null)).toBe(0);
    // a period holding a void's compensation but not the credit it took back: told as it is
    expect(creditSeconds(-34.048)).toBe(-34.048);
  });

  it('cuts 学时 down to two decimals, never up, the same for the learner and the manager', () => {
    // 358.2 s of a 0.1 学时 course (360 s) is 0.0995 学时: not 0.10 beside 要求 0.10 while incomplete
    expect(creditHours(358.2, 3600)).toBe(0.09);
    expect(creditHours(360, 3600)).toBe(0.1);
    // a second short meets a course's 学时 (its completion's rule): 已完成 never beside 0.09 / 0.10
    expect(creditHours(359, 3600)).toBe(0.1);
    expect(creditHours(358.9, 3600)).toBe(0.09);
    expect(creditHours(0, 36)).toBe(0);
    expect(creditHours(33.3, 1800)).toBe(0.01); // 0.0185
    expect(creditHours(196, 1800)).toBe(0.1); // 0.1089
    expect(creditHours(197, 1800)).toBe(0.11); // a second short of 0.11
    expect(creditHours(1044, 3600)).toBe(0.29);
    expect(creditHours(1043, 3600)).toBe(0.29); // (1043 + 1) / 3600 × 100 is 28.999999999999996 in floating point
    expect(creditHours(0, 1800)).toBe(0);
    expect(Object.is(creditHours(-1e-15, 1800), 0)).toBe(true);
  });

  it('rounds a total over courses: two 0.1 学时 courses each complete a second short read 0.2, not 0.19', () => {
    expect(creditHours(359.2, 3600)).toBe(0.1); // each complete (HOURS_GRACE_SECONDS)
    expect(totalHours(2 * 359.2, 3600)).toBe(0.2);
    expect(creditHours(2 * 359.2, 3600)).toBe(0.19); // what one rule for both would say
    expect(totalHours(33.3, 1800)).toBe(0.02);
    expect(Object.is(totalHours(-1e-15, 1800), 0)).toBe(true);
  });

  it("gives a learner's class the sum of his courses' figures, so the rows beside it add up to it", () => {
    // an auditor's case: 103 s of one course read 0.06 for the class and 0.05 for the course
    expect(totalHours(103, 1800)).toBe(0.06);
    expect(coursesHours([103], 1800)).toBe(0.05);
    expect(coursesHours([103, 31], 1800)).toBe(0.06); // 0.05 + 0.01, as its two rows read
    // two courses each complete a second short still read complete
    expect(coursesHours([359.2, 359.2], 3600)).toBe(0.2);
    // sums of hundredths, not of floating point (0.29 + 0.01 is 0.30000000000000004)
    expect(coursesHours([1043, 36], 3600)).toBe(0.3);
    expect(Object.is(coursesHours([], 1800), 0)).toBe(true);
  });
});
