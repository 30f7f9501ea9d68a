import { useTranslation } from '../lib/i18n';
import { useShellUi } from './ui-store';
import { useOrg } from './use-org';

/** Footer (spec §1): the organisation's copyright, address, phone and two record notices. */
/**
 * Whose the site is, as 页脚版权 holds it: a manager who typed the whole line (© 2026 某公司 版权所有)
 * would otherwise read © 2026 © 2026 某公司 版权所有 · 版权所有.
 */
export const holderOf = (copyright: string | undefined): string =>
  (copyright ?? '')
    .replace(/^\s*(©|\(c\)|copyright)\s*(\d{4}(\s*[-–—]\s*\d{4})?)?\s*/i, '')
    .replace(/\s*[·,，]?\s*(版权所有|all rights reserved)\.?\s*$/i, '')
    .trim();

export function Footer() {
  const { t } = useTranslation();
  const { data } = useOrg();
  const openSettings = useShellUi((s) => s.setThemeDrawerOpen);
  const footer = data?.footer;
  const year = new Date().getFullYear();
  // each item kept whole on a line (a phone number broke at its hyphen: 400-000- / 0000)
  const contact = [
    footer?.address && `${t('footer.address')}${footer.address}`,
    footer?.phone && `${t('footer.phone')}${footer.phone}`,
  ].filter((c): c is string => Boolean(c));
  const records = [footer?.icpRecord, footer?.policeRecord].filter(Boolean);
  return (
    <footer className="site-footer">
      <p>
        © {year} {holderOf(footer?.copyright) || data?.baseOrgName || '安训'} · {t('footer.copyright')}
      </p>
      {contact.length > 0 && (
        <p>
          {contact.map((c, i) => (
            <span key={c}>
              {i > 0 && ' · '}
              <span className={i === contact.length - 1 ? 'nowrap' : undefined}>{c}</span>
            </span>
          ))}
        </p>
      )}
      {records.length > 0 && <p>{records.join(' · ')}</p>}
      <p>
        {/* the header's theme widget is off by default (spec §2); settings stay reachable here */}
        <button type="button" className="footer-link" data-testid="open-settings" onClick={() => openSettings(true)}>
          {t('theme.title')}
        </button>
      </p>
    </footer>
  );
}
