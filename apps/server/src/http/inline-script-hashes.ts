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

/**
 * The same, for a policy's `script-src` on every page answer: read again whenever the page's
 * file changed (a build while the server runs, or a server started before the build), so the
 * policy always allows the script of the page it is sent with. A stat per page answer.
 */
export function pageScriptSources(htmlFile: string): () => string {
  let seen = '';
  let sources = '';
  return () => {
    let stamp = '';
    try {
      const stat = fs.statSync(htmlFile);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      stamp = 'none';
    }
    if (stamp !== seen) {
      sources = inlineScriptHashes(htmlFile).join(' ');
      seen = stamp;
    }
    return sources;
  };
}
