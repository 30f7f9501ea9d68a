import { Link } from 'react-router';
import defaultLogo from './default-logo.svg';
import { useOrg } from './use-org';

/** Logo (spec §2/§4): hidden until the organisation is known, then its logo or the default image. */
export function OrgLogo() {
  const { data, isPending } = useOrg();
  return (
    <Link to="/" className="org-logo" aria-label={data?.baseOrgName ?? 'logo'}>
      {isPending ? null : (
        <>
          <img
            src={data?.logoUrl ?? defaultLogo}
            alt=""
            onError={(e) => {
              if (e.currentTarget.src !== new URL(defaultLogo, location.href).href) e.currentTarget.src = defaultLogo;
            }}
          />
          <span className="org-name">{data?.baseOrgName ?? '安训'}</span>
        </>
      )}
    </Link>
  );
}
