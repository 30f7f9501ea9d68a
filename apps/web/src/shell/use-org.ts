import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { fetchOrgInfo, siteOrgCode } from '../lib/org-info';
import { useUser } from '../stores/user-store';

/** The organisation the site shows: ?OrgCode=, else the user's, else 00000 (spec §2). */
export function useOrg() {
  const [params] = useSearchParams();
  const userOrg = useUser((s) => s.orgCode);
  const code = siteOrgCode(params, userOrg);
  return useQuery({
    queryKey: ['org', code],
    queryFn: () => fetchOrgInfo(code),
    staleTime: 5 * 60_000,
  });
}
