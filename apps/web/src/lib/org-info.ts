import { DEFAULT_ORG_CODE } from '@anxun/shared/constants';
import type { OrgInfo } from '@anxun/shared/schemas/org';
import { api, prefetch } from './api-client';

const orgUrl = (code: string) => `/api/base/baseorg/select-code/${encodeURIComponent(code)}`;

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
  return api.get<OrgInfo>(orgUrl(code), { silent: true });
}

/**
 * Asked at start, while the page's code is still arriving: the login page and 首页 show the
 * organisation first, and on a phone its round trip would otherwise follow the code's.
 */
export function prefetchOrgInfo(code: string): void {
  prefetch(orgUrl(code));
}
