import { describe, expect, it } from 'vitest';
import { holderOf } from './footer';

describe("the footer's copyright holder", () => {
  it('is the name alone, whatever of the line a manager typed around it', () => {
    expect(holderOf('恒信化工有限公司')).toBe('恒信化工有限公司');
    expect(holderOf('© 2026 恒信化工有限公司')).toBe('恒信化工有限公司');
    expect(holderOf('©2020-2026 恒信化工有限公司 版权所有')).toBe('恒信化工有限公司');
    expect(holderOf('Copyright 2026 Hengxin Ltd. All rights reserved.')).toBe('Hengxin Ltd.');
    expect(holderOf(undefined)).toBe('');
  });
});
