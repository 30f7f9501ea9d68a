import { lazy, Suspense } from 'react';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { useTranslation } from '../lib/i18n';
import { useSettings } from '../stores/settings-store';
import { useUser } from '../stores/user-store';
import { ErrorLogWidget } from './error-log';
import { FullScreenToggle } from './full-screen-toggle';
import { useShellUi } from './ui-store';
import { UserArea } from './user-area';
import { lazyWithAntd } from '../app/antd-lazy';
import { withChunkTimeout } from '../lib/chunk-timeout';

// a signed-in learner's notices: not part of a guest's page, nor of anyone's first paint
const NoticePopover = lazyWithAntd(() => import('./notice-popover').then((m) => ({ default: m.NoticePopover })));
// widgets that are off by default (spec §2) load when switched on
const SearchWidget = lazy(withChunkTimeout(() => import('./search-dialog').then((m) => ({ default: m.SearchWidget }))));
const LanguageSwitch = lazyWithAntd(() => import('./language-switch').then((m) => ({ default: m.LanguageSwitch })));

/** The right side of the header: optional widgets (spec §2 defaults: all off), then the user. */
export function HeaderWidgets({ onRefresh }: { onRefresh(): void }) {
  const { t } = useTranslation();
  const s = useSettings();
  const openDrawer = useShellUi((u) => u.setThemeDrawerOpen);
  const token = useUser((u) => u.token);
  return (
    <div className="header-right">
      {s.showRefresh && (
        <button
          type="button"
          className="header-widget optional-on-mobile"
          aria-label={t('theme.showRefresh')}
          onClick={onRefresh}
        >
          <ReloadOutlined />
        </button>
      )}
      <ErrorLogWidget />
      {s.showSearch && (
        <Suspense fallback={null}>
          <SearchWidget />
        </Suspense>
      )}
      {s.showNotice && token && (
        <Suspense fallback={null}>
          <NoticePopover />
        </Suspense>
      )}
      {s.showFullScreen && <FullScreenToggle />}
      {s.showLanguage && (
        <Suspense fallback={null}>
          <LanguageSwitch />
        </Suspense>
      )}
      {s.showThemeSetting && (
        <button
          type="button"
          className="header-widget optional-on-mobile"
          aria-label={t('theme.title')}
          onClick={() => openDrawer(true)}
        >
          <SettingOutlined />
        </button>
      )}
      <UserArea />
    </div>
  );
}
