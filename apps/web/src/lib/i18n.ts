import { useCallback } from 'react';
import { create } from 'zustand';
import { useSettings, type Language } from '../stores/settings-store';
import { zh, type Messages } from './locales/zh';

/**
 * zh/en texts. A lookup with {{name}} interpolation is all the product needs; i18next and
 * react-i18next would add ~17 KB gzipped to the first page every learner loads, against a
 * 200 KB budget. The language lives in the settings store, so every text follows it.
 */
export type { Language };

const RESOURCES: Partial<Record<Language, Messages>> = { zh };
let productTextsEn: Record<string, string> = {};

/** Bumped when a language pack arrives, so texts re-render in it. */
const usePacks = create<{ version: number }>()(() => ({ version: 0 }));

/** English is a lazy chunk: loaded when chosen (until then texts show in Chinese). */
export async function loadLanguage(language: Language): Promise<void> {
  if (RESOURCES[language]) return;
  const pack = await import('./locales/en-pack');
  RESOURCES.en = pack.en;
  productTextsEn = pack.productTextsEn;
  usePacks.setState((s) => ({ version: s.version + 1 }));
}

/** Texts of the pages after login, added when their chunk loads (locales/page-texts.ts). */
const PAGE_TEXTS: Partial<Record<Language, object>> = {};

export function registerTexts(texts: Record<Language, object>): void {
  for (const [language, table] of Object.entries(texts) as Array<[Language, object]>) {
    PAGE_TEXTS[language] = { ...PAGE_TEXTS[language], ...table };
  }
  usePacks.setState((s) => ({ version: s.version + 1 }));
}

const lookup = (table: object | undefined, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      table,
    );

/**
 * A text, in its singular form `key_one` when a count of 1 is given and the language has one
 * (English: "1 answer", not "1 answers"); Chinese has a single form.
 */
const find = (table: object | undefined, key: string, count: unknown): unknown => {
  const one = count === 1 ? lookup(table, `${key}_one`) : undefined;
  return typeof one === 'string' ? one : lookup(table, key);
};

export function translate(language: Language, key: string, vars?: Record<string, string | number>): string {
  let value = find(RESOURCES[language] ?? RESOURCES.zh, key, vars?.count);
  if (typeof value !== 'string') value = find(PAGE_TEXTS[language] ?? PAGE_TEXTS.zh, key, vars?.count);
  if (typeof value !== 'string') return key;
  return vars ? value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? '')) : value;
}

/** Another language's texts for a table of Chinese ones: the same keys, and singular forms (key_one) where it has them. */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
} & { [K in keyof T as T[K] extends string ? `${K & string}_one` : never]?: string };

export type TFunction = (key: string, vars?: Record<string, string | number>) => string;

export function useTranslation(): { t: TFunction; language: Language } {
  const language = useSettings((s) => s.language);
  const version = usePacks((s) => s.version);
  // `version` re-creates t when a language pack arrives
  const t = useCallback<TFunction>((key, vars) => translate(language, key, vars), [language, version]);
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

/** localiseText in the language chosen now: for code outside React, and handlers that outlive a render. */
export const localiseNow = (text: string): string => localiseText(useSettings.getState().language, text);

/** For code outside React (stores, the API client). */
export const t: TFunction = (key, vars) => translate(useSettings.getState().language, key, vars);
