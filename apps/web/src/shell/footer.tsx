import { useTranslation } from '../lib/i18n';
import { useShellUi } from './ui-store';

/** Footer (spec §1): copyright, address, phone and two registration-record notices. */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const openSettings = useShellUi((s) => s.setThemeDrawerOpen);
  return (
    <footer className="site-footer">
      <p>
        © {year} 安训 anxun · {t('footer.copyright')}
      </p>
      <p>地址：北京市东城区安全生产示范路 1 号 · 电话：400-000-0000</p>
      <p>
        <span>京ICP备00000000号</span> · <span>京公网安备 11000000000000号</span>
      </p>
      <p>
        {/* the header's theme widget is off by default (spec §2); settings stay reachable here */}
        <button type="button" className="footer-link" data-testid="open-settings" onClick={() => openSettings(true)}>
          {t('theme.open')}
        </button>
      </p>
    </footer>
  );
}
