import { describe, expect, it } from 'vitest';
import { fullIdName } from './full-id-name';

describe('a sheet with whole ID numbers', () => {
  it('says so in its file name; the masked one keeps its name', () => {
    expect(fullIdName('学员名单.xlsx', true)).toBe('学员名单（含完整身份证号）.xlsx');
    expect(fullIdName('2026年度班-学习情况.xlsx', true)).toBe('2026年度班-学习情况（含完整身份证号）.xlsx');
    expect(fullIdName('学员名单.xlsx', false)).toBe('学员名单.xlsx');
  });
});
