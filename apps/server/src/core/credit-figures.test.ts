import { describe, expect, it } from 'vitest';
import { creditHours, creditSeconds } from './credit-figures.js';

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

  it('rounds 学时 the same way for the learner and the manager', () => {
    expect(creditHours(33.3, 1800)).toBe(0.02); // 0.0185: the learner's page said 0.01
    expect(creditHours(197, 1800)).toBe(0.11);
    expect(creditHours(0, 1800)).toBe(0);
  });
});
