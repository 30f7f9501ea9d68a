import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting';
import { pageTitle } from './page-title';

describe('greeting by hour (spec §9) and page title (spec §4)', () => {
  it('greets by the hour', () => {
    expect([0, 7, 8, 11, 12, 13, 14, 17, 18, 23].map(greetingKey)).toEqual([
      'early',
      'early',
      'morning',
      'morning',
      'noon',
      'noon',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });

  it("titles pages 'page - 在线安全生产培训系统'", () => {
    expect(pageTitle('我的学习')).toBe('我的学习 - 在线安全生产培训系统');
    expect(pageTitle(undefined)).toBe('在线安全生产培训系统');
  });
});
