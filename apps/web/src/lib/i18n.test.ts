import { describe, expect, it } from 'vitest';
import { translate } from './i18n';
import { RefusalMsg } from '@anxun/shared/messages';
import { faceRejection } from '@anxun/shared/schemas/identity';
import { en } from './locales/en';
import { pageTextsEn } from './locales/page-texts-en';
import { pageTextsZh } from './locales/page-texts-zh';
import { zh } from './locales/zh';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`),
  );

describe('texts', () => {
  it('looks up nested keys and interpolates', async () => {
    await (await import('./i18n')).loadLanguage('en');
    expect(translate('zh', 'header.myStudy')).toBe('我的学习');
    expect(translate('en', 'header.myStudy')).toBe('My study');
    expect(translate('zh', 'login.resendIn', { seconds: 42 })).toBe('42秒后重新获取');
    expect(translate('zh', 'no.such.key')).toBe('no.such.key');
  });

  it('has every Chinese text in English too', () => {
    // English alone has singular forms (key_one)
    const plain = (node: object) => keys(node).filter((k) => !k.endsWith('_one'));
    expect(plain(en).sort()).toEqual(keys(zh).sort());
    expect(plain(pageTextsEn).sort()).toEqual(keys(pageTextsZh).sort());
  });

  it('finds the pages’ texts once their chunk has loaded', async () => {
    expect(translate('zh', 'study.myClasses')).toBe('study.myClasses');
    await import('./locales/page-texts');
    expect(translate('zh', 'study.myClasses')).toBe('我的班级');
    expect(translate('en', 'study.myClasses')).toBe('My classes');
  });
  it('says one in the singular in English', async () => {
    await import('./locales/page-texts');
    expect(translate('en', 'face.pending.title', { count: 1 })).toBe('1 face check to finish');
    expect(translate('en', 'face.pending.title', { count: 2 })).toBe('2 face checks to finish');
    expect(translate('zh', 'face.pending.title', { count: 1 })).toBe(
      translate('zh', 'face.pending.title', { count: 2 }).replace('2', '1'),
    );
  });
});

describe('product texts in English', () => {
  it('shows spec §5 and server texts in English when English is chosen', async () => {
    const { localiseText, loadLanguage } = await import('./i18n');
    await loadLanguage('en');
    expect(localiseText('en', '请输入用户名')).toBe('Please enter your account');
    expect(localiseText('en', '用户名或密码错误')).toBe('Wrong account or password');
    expect(localiseText('zh', '用户名或密码错误')).toBe('用户名或密码错误');
    expect(localiseText('en', '未知的句子')).toBe('未知的句子');
  });

  it('says why a study report was refused in English, whatever the refusal', async () => {
    const { localiseText, loadLanguage } = await import('./i18n');
    await loadLanguage('en');
    for (const zh of Object.values(RefusalMsg)) expect(localiseText('en', zh)).toMatch(/^[\x20-\x7e’]+$/);
    expect(localiseText('en', RefusalMsg.HIDDEN)).toBe('The page was not in front: this stretch was not counted');
  });
});

describe('face checks in English', () => {
  it('says why a photo was refused in the page language, whatever the reason', async () => {
    const { compareMessage } = await import('../components/face-check/compare-message');
    await import('./locales/page-texts');
    for (const reason of faceRejection.options) {
      const result = { passed: false, reason, msg: '服务器的中文说明' };
      expect(compareMessage((k, v) => translate('en', k, v), result)).toMatch(/^[\x20-\x7e’]+$/);
      expect(compareMessage((k, v) => translate('zh', k, v), result)).toMatch(/[\u4e00-\u9fff]/);
      expect(compareMessage((k, v) => translate('zh', k, v), result)).not.toContain('face.');
    }
    const en = (k: string) => translate('en', k);
    expect(compareMessage(en, { passed: true, reason: null, msg: '人脸核验通过' })).toBe('Face check passed');
  });
});
