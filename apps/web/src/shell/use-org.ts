import { DEFAULT_ORG_CODE } from '@anxun/shared/constants';
import type { OrgInfo } from '@anxun/shared/schemas/org';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../lib/api-client';
import { useUser } from '../stores/user-store';

/** The organisation the site shows: ?OrgCode=, else the user's, else 00000 (spec §2). */
export function useOrg() {
  const [params] = useSearchParams();
  const userOrg = useUser((s) => s.orgCode);
  const code =
    params.get('OrgCode') ?? new URLSearchParams(location.search).get('OrgCode') ?? userOrg ?? DEFAULT_ORG_CODE;
  return useQuery({
    queryKey: ['org', code],
    queryFn: () => api.get<OrgInfo>(`/api/base/baseorg/select-code/${encodeURIComponent(code)}`, { silent: true }),
    staleTime: 5 * 60_000,
  });
}
