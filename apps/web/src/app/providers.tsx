import { useEffect, type ReactNode } from 'react';
import { loadLanguage } from '../lib/i18n';
import { useSettings } from '../stores/settings-store';
import { ToastHost } from './toast-host';

/**
 * Language and theme follow the settings store: the texts (lib/i18n) and the theme as a
 * class on <body> (spec §4). antd's own provider wraps only what antd draws (antd-provider).
 */
function useSettingsEffects(): void {
  const language = useSettings((s) => s.language);
  const themeName = useSettings((s) => s.themeName);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    if (language !== 'zh') void loadLanguage(language);
  }, [language]);
  useEffect(() => {
    document.body.classList.remove('default', 'ocean', 'green', 'white', 'red');
    document.body.classList.add(themeName);
  }, [themeName]);
}

export function Providers({ children }: { children: ReactNode }) {
  useSettingsEffects();
  return (
    <>
      <ToastHost />
      {children}
    </>
  );
}
