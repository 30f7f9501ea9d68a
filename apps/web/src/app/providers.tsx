import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState, type ReactNode } from 'react';
import { loadLanguage } from '../lib/i18n';
import { setNotifier } from '../lib/notify';
import { useSettings } from '../stores/settings-store';
import { THEME_PRIMARY } from './theme';

type AntLocale = typeof zhCN;

/** Gives the API client antd's message API (toasts need the ConfigProvider's context). */
function useNotifier(): ReactNode {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier({
      error: (content, duration) => void api.error({ content, duration }),
      success: (content, duration) => void api.success({ content, duration }),
      clear: () => api.destroy(),
    });
    return () => setNotifier(undefined);
  }, [api]);
  return holder;
}

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

function NotifierHost() {
  return <>{useNotifier()}</>;
}
