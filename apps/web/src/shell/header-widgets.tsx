import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { useTranslation } from '../lib/i18n';
import { useSettings } from '../stores/settings-store';
import { FullScreenToggle } from './full-screen-toggle';
import { LanguageSwitch } from './language-switch';
import { useShellUi } from './ui-store';
import { UserArea } from './user-area';

/** The right side of the header: optional widgets (spec §2 defaults: all off), then the user. */
export function HeaderWidgets({ onRefresh }: { onRefresh(): void }) {
  const { t } = useTranslation();
  const s = useSettings();
  const openDrawer = useShellUi((u) => u.setThemeDrawerOpen);
  return (
    <div className="header-right">
      {s.showRefresh && (
        <button type="button" className="header-widget" aria-label={t('theme.showRefresh')} onClick={onRefresh}>
          <ReloadOutlined />
        </button>
      )}
      {s.showFullScreen && <FullScreenToggle />}
      {s.showLanguage && <LanguageSwitch />}
      {s.showThemeSetting && (
        <button type="button" className="header-widget" aria-label={t('theme.title')} onClick={() => openDrawer(true)}>
          <SettingOutlined />
        </button>
      )}
      <UserArea />
    </div>
  );
}
