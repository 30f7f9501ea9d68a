import { DEFAULT_ORG_CODE } from '@anxun/shared/constants';
import type { OrgInfo } from '@anxun/shared/schemas/org';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api-client';
import { useUser } from '../stores/user-store';
import defaultLogo from './default-logo.svg';

/**
 * Logo of spec §2/§4: the organisation comes from ?OrgCode=, else the user's orgCode, else
 * 00000; hidden until the organisation is known, then its logo or the default image.
 */
export function OrgLogo() {
  const [params] = useSearchParams();
  const userOrg = useUser((s) => s.orgCode);
  const code =
    params.get('OrgCode') ?? new URLSearchParams(location.search).get('OrgCode') ?? userOrg ?? DEFAULT_ORG_CODE;
  const { data, isPending } = useQuery({
    queryKey: ['org', code],
    queryFn: () => api.get<OrgInfo>(`/api/base/baseorg/select-code/${encodeURIComponent(code)}`, { silent: true }),
  });
  return (
    <Link to="/" className="org-logo" aria-label={data?.baseOrgName ?? 'logo'}>
      {isPending ? null : (
        <>
          <img src={data?.logoUrl ?? defaultLogo} alt="" />
          <span className="org-name">{data?.baseOrgName ?? '安训'}</span>
        </>
      )}
    </Link>
  );
}
