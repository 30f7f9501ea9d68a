import { create } from 'zustand';
import { persist } from 'zustand/middleware';
export type Language = 'zh' | 'en';

export const LAYOUTS = ['horizontal', 'vertical', 'column', 'comprehensive', 'common'] as const;
export const THEMES = ['default', 'ocean', 'green', 'white', 'red'] as const;
export const COLUMN_STYLES = ['vertical', 'horizontal', 'card', 'arrow'] as const;
export const TAB_STYLES = ['card', 'smart', 'smooth'] as const;

export type Layout = (typeof LAYOUTS)[number];
export type ThemeName = (typeof THEMES)[number];

/** Spec §3 settings with the §2 defaults. */
export interface Settings {
  collapse: boolean;
  language: Language;
  layout: Layout;
  themeName: ThemeName;
  showTabs: boolean;
  showTabsBarIcon: boolean;
  tabsBarStyle: (typeof TAB_STYLES)[number];
  columnStyle: (typeof COLUMN_STYLES)[number];
  fixedHeader: boolean;
  showLanguage: boolean;
  showProgressBar: boolean;
  showRefresh: boolean;
  showSearch: boolean;
  showNotice: boolean;
  showFullScreen: boolean;
  showThemeSetting: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  collapse: false,
  language: 'zh',
  layout: 'horizontal',
  themeName: 'ocean',
  showTabs: false,
  showTabsBarIcon: true,
  tabsBarStyle: 'card',
  columnStyle: 'card',
  fixedHeader: true,
  showLanguage: false,
  showProgressBar: true,
  showRefresh: false,
  showSearch: false,
  showNotice: false,
  showFullScreen: false,
  showThemeSetting: false,
};

interface SettingsState extends Settings {
  update(patch: Partial<Settings>): void;
  reset(): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) => set(patch),
      reset: () => set(DEFAULT_SETTINGS),
    }),
    { name: 'anxun-settings', partialize: ({ update: _u, reset: _r, ...settings }) => settings },
  ),
);

/** Spec §2 random skin: theme, column style, tab style differ from the current ones. */
export function randomSkin(current: Settings, isMobile: boolean, random = Math.random): Partial<Settings> {
  const pickOther = <T>(all: readonly T[], now: T): T => {
    const others = all.filter((x) => x !== now);
    return others[Math.floor(random() * others.length)]!;
  };
  return {
    themeName: pickOther(
      THEMES.filter((t) => t !== 'red'),
      current.themeName,
    ),
    columnStyle: pickOther(COLUMN_STYLES, current.columnStyle),
    tabsBarStyle: pickOther(TAB_STYLES, current.tabsBarStyle),
    showTabsBarIcon: !current.showTabsBarIcon,
    layout: isMobile ? 'vertical' : LAYOUTS[Math.floor(random() * LAYOUTS.length)]!,
  };
}
