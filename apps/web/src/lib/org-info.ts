import { DEFAULT_ORG_CODE } from '@anxun/shared/constants';
import type { OrgInfo } from '@anxun/shared/schemas/org';
import { api } from './api-client';

/** How long an answer asked for at start may stand in for the page's own request. */
const EARLY_FOR_MS = 30_000;
const early = new Map<string, { at: number; answer: Promise<OrgInfo> }>();

const ask = (code: string) =>
  api.get<OrgInfo>(`/api/base/baseorg/select-code/${encodeURIComponent(code)}`, { silent: true });

/**
 * Whose site this is (spec §2): ?OrgCode= in the page's address (after the # or before it),
 * else the signed-in user's organisation where the page shows that, else 00000.
 */
export function siteOrgCode(hashQuery: URLSearchParams, userOrgCode?: string): string {
  return (
    hashQuery.get('OrgCode') ?? new URLSearchParams(location.search).get('OrgCode') ?? userOrgCode ?? DEFAULT_ORG_CODE
  );
}

/** The organisation's name and logo; the first ask for a code takes the answer asked for at start. */
export function fetchOrgInfo(code: string): Promise<OrgInfo> {
  const started = early.get(code);
  early.delete(code);
  if (started && Date.now() - started.at < EARLY_FOR_MS) return started.answer;
  return ask(code);
}

/**
 * Asked at start, while the page's code is still arriving: the login page and 首页 show the
 * organisation first, and on a phone its round trip would otherwise follow the code's.
 */
export function prefetchOrgInfo(code: string): void {
  const answer = ask(code);
  answer.catch(() => undefined);
  early.set(code, { at: Date.now(), answer });
}
