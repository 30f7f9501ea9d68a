import { useCallback } from 'react';
import { useSettings, type Language } from '../stores/settings-store';
import { en } from './locales/en';
import { productTextsEn } from './locales/product-texts-en';
import { zh, type Messages } from './locales/zh';

/**
 * zh/en texts. A lookup with {{name}} interpolation is all the product needs; i18next and
 * react-i18next would add ~17 KB gzipped to the first page every learner loads, against a
 * 200 KB budget. The language lives in the settings store, so every text follows it.
 */
export type { Language };

const RESOURCES: Record<Language, Messages> = { zh, en };

export function translate(language: Language, key: string, vars?: Record<string, string | number>): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      RESOURCES[language],
    );
  if (typeof value !== 'string') return key;
  return vars ? value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? '')) : value;
}

export type TFunction = (key: string, vars?: Record<string, string | number>) => string;

export function useTranslation(): { t: TFunction; language: Language } {
  const language = useSettings((s) => s.language);
  const t = useCallback<TFunction>((key, vars) => translate(language, key, vars), [language]);
  return { t, language };
}

/**
 * Product texts that arrive as Chinese sentences (spec §5 validation texts, server messages)
 * are shown in English when English is chosen, if the English table knows them.
 */
export function localiseText(language: Language, text: string): string {
  if (language === 'zh') return text;
  return productTextsEn[text] ?? text;
}

/** For code outside React (stores, the API client). */
export const t: TFunction = (key, vars) => translate(useSettings.getState().language, key, vars);
