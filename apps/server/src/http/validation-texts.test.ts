import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainValidationText } from './validation-texts.js';

/** What each refusal says, as the server's global error map gives it (app.ts). */
const said = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, { error: plainValidationText }).error?.issues[0]?.message;

describe('validation texts in plain words', () => {
  it('says what is empty, too long, too many, too large, or no finite number', () => {
    expect(said(z.string().min(1), '')).toBe('不能为空');
    expect(said(z.string().min(6), 'abc')).toBe('长度不能少于 6 个字符');
    expect(said(z.string().max(64), 'a'.repeat(65))).toBe('长度不能超过 64 个字符');
    expect(said(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('不能多于 2 项');
    expect(said(z.number().max(200), 201)).toBe('不能大于 200');
    expect(said(z.number().gt(0), 0)).toBe('不能小于或等于 0');
    expect(said(z.number(), Number.POSITIVE_INFINITY)).toBe('须为有限的数字');
  });

  it("leaves everything else to the locale, and a schema's own words stand", () => {
    expect(said(z.string(), 5)).not.toBe('须为有限的数字');
    expect(said(z.string().max(2, '太长了'), 'abc')).toBe('太长了');
  });
});
