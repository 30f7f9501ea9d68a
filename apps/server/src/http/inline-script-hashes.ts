import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of the built web page (its first-page
 * preload, apps/web/vite-first-page.ts): the page may run exactly those, and no other inline
 * script, so `'unsafe-inline'` stays out of the policy. None when the page is not built.
 */
export function inlineScriptHashes(htmlFile: string): string[] {
  if (!fs.existsSync(htmlFile)) return [];
  const html = fs.readFileSync(htmlFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`,
  );
}
