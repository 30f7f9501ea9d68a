import { UAParser } from 'ua-parser-js';

/**
 * A browser's user agent as a person reads it — "WeChat 8.0 · iOS 17.0 · Apple iPhone",
 * "Chrome 120 · Windows 10" — or null when nothing in it is known (the raw text then stands).
 * 核验审核 shows it under each photo: another phone than usual is evidence.
 */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const parts = [
    browser.name && [browser.name, shortVersion(browser.version)].filter(Boolean).join(' '),
    os.name && [os.name, os.version].filter(Boolean).join(' '),
    device.model && [device.vendor, device.model].filter(Boolean).join(' '),
  ].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** 120.0.6099.109 → 120.0; 8.0.40 → 8.0 */
const shortVersion = (version: string | undefined) => version?.split('.').slice(0, 2).join('.');
