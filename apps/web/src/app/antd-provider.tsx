import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useSettings } from '../stores/settings-store';
import { THEME_PRIMARY } from './theme';

type AntLocale = typeof zhCN;

/** antd's English texts once loaded (only when chosen): every provider mounted later starts with them. */
let english: AntLocale | undefined;
const localeFor = (language: string) => (language === 'zh' ? zhCN : english);

/**
 * antd's theme, size and locale for what is drawn with antd: the layout and its pages, the
 * public pages other than login, dialogs and toasts. Its own chunk: the login page, every
 * learner's first download, draws plain elements and needs none of antd.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const language = useSettings((s) => s.language);
  const themeName = useSettings((s) => s.themeName);
  const [locale, setLocale] = useState<AntLocale>(() => localeFor(language) ?? zhCN);
  useEffect(() => {
    const known = localeFor(language);
    if (known) {
      setLocale(known);
      return;
    }
    // English is loaded only when chosen; an answer for a language no longer chosen is dropped
    let current = true;
    import('antd/locale/en_US')
      .then((m) => {
        english = m.default;
        if (current) setLocale(m.default);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language]);
  return (
    <ConfigProvider
      locale={locale}
      componentSize="small"
      theme={{
        token: {
          colorPrimary: THEME_PRIMARY[themeName],
          colorLink: THEME_PRIMARY[themeName],
          borderRadius: 4,
          // text a reader must make out reaches 4.5:1 on white (WCAG AA); antd's greys, red and
          // green do not (placeholders 1.8:1, hints and empty states 3.4:1, 停用 3.3:1, 有效 2.2:1)
          colorTextPlaceholder: '#767676',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorError: '#cf1322',
          colorSuccess: '#237804',
          // the tints a tag or an alert is drawn on stay antd's light ones (derived from the
          // darker colours above they turned grey: 正常 was 2.7:1), and 进行中's blue is dark
          // enough on its tint (antd's #1677ff is 3.7:1)
          colorSuccessBg: '#f6ffed',
          colorSuccessBorder: '#b7eb8f',
          colorErrorBg: '#fff2f0',
          colorErrorBorder: '#ffccc7',
          colorInfo: '#0958d9',
        },
        // one key for every provider (the layout's, the toasts', a public page's): the theme's
        // CSS variables (~12 KB of style text) are computed and written once, not once each
        cssVar: { key: 'anxun' },
      }}
    >
      {children}
    </ConfigProvider>
  );
}

/** A page drawn inside antd's provider. */
export function withAntd<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function AntdPage(props: P) {
    return (
      <AntdProvider>
        <Page {...props} />
      </AntdProvider>
    );
  }
  AntdPage.displayName = `withAntd(${Page.displayName ?? Page.name})`;
  return AntdPage;
}
