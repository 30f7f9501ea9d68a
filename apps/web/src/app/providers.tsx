import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadLanguage } from '../lib/i18n';
import { useSettings } from '../stores/settings-store';
import { THEME_PRIMARY } from './theme';

type AntLocale = typeof zhCN;

/**
 * Language and theme follow the settings store: the texts (lib/i18n), antd's locale (English is loaded
 * only when chosen), and the theme as a class on <body> (spec §4).
 */
function useSettingsEffects(): AntLocale {
  const language = useSettings((s) => s.language);
  const themeName = useSettings((s) => s.themeName);
  const [locale, setLocale] = useState<AntLocale>(zhCN);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    if (language === 'zh') setLocale(zhCN);
    else {
      void loadLanguage(language);
      void import('antd/locale/en_US').then((m) => setLocale(m.default));
    }
  }, [language]);
  useEffect(() => {
    document.body.classList.remove('default', 'ocean', 'green', 'white', 'red');
    document.body.classList.add(themeName);
  }, [themeName]);
  return locale;
}

export function Providers({ children }: { children: ReactNode }) {
  const locale = useSettingsEffects();
  const themeName = useSettings((s) => s.themeName);
  return (
    <ConfigProvider
      locale={locale}
      componentSize="small"
      theme={{
        token: { colorPrimary: THEME_PRIMARY[themeName], colorLink: THEME_PRIMARY[themeName], borderRadius: 4 },
      }}
    >
      <NotifierHost />
      {children}
    </ConfigProvider>
  );
}

/** antd's message API arrives in its own chunk after the first paint (the first visit's budget). */
function NotifierHost() {
  const [Host, setHost] = useState<ComponentType | undefined>();
  useEffect(() => {
    void import('./notifier-host').then((m) => setHost(() => m.NotifierHost));
  }, []);
  return Host ? <Host /> : null;
}
