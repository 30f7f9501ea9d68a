import { describe, expect, it } from 'vitest';
import { translate } from './i18n';
import { en } from './locales/en';
import { zh } from './locales/zh';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`),
  );

describe('texts', () => {
  it('looks up nested keys and interpolates', () => {
    expect(translate('zh', 'header.myStudy')).toBe('我的学习');
    expect(translate('en', 'header.myStudy')).toBe('My study');
    expect(translate('zh', 'login.resendIn', { seconds: 42 })).toBe('42秒后重新获取');
    expect(translate('zh', 'no.such.key')).toBe('no.such.key');
  });

  it('has every Chinese text in English too', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
});
