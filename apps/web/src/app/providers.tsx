import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { i18n } from '../lib/i18n';
import { setNotifier } from '../lib/notify';
import { useSettings } from '../stores/settings-store';
import { THEME_PRIMARY } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Gives the API client antd's message instance, which needs the App context. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({
      error: (content, duration) => void message.error({ content, duration }),
      success: (content, duration) => void message.success({ content, duration }),
    });
    return () => setNotifier(undefined);
  }, [message]);
  return null;
}

/** Language and theme follow the settings store: antd's locale, i18next, and the body class. */
function useSettingsEffects() {
  const language = useSettings((s) => s.language);
  const themeName = useSettings((s) => s.themeName);
  useEffect(() => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);
  useEffect(() => {
    document.body.classList.remove('default', 'ocean', 'green', 'white', 'red');
    document.body.classList.add(themeName);
  }, [themeName]);
}

export function Providers({ children }: { children: ReactNode }) {
  useSettingsEffects();
  const language = useSettings((s) => s.language);
  const themeName = useSettings((s) => s.themeName);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={language === 'zh' ? zhCN : enUS}
        componentSize="small"
        theme={{ token: { colorPrimary: THEME_PRIMARY[themeName], borderRadius: 4 } }}
      >
        <AntApp>
          <NotifierBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
