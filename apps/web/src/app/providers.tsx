import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadLanguage } from '../lib/i18n';
import { whenNotifierNeeded } from '../lib/notify';
import { useSettings } from '../stores/settings-store';

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
      <NotifierHost />
      {children}
    </>
  );
}

/** antd's message API arrives in its own chunk with the first toast (a page's start pays none of it). */
function NotifierHost() {
  const [Host, setHost] = useState<ComponentType | undefined>();
  useEffect(() => whenNotifierNeeded(() => import('./notifier-host').then((m) => setHost(() => m.NotifierHost))), []);
  return Host ? <Host /> : null;
}
