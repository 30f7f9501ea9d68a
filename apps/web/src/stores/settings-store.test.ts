import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, randomSkin } from './settings-store';

describe('settings (spec §2/§3)', () => {
  it('defaults to horizontal, ocean, tabs hidden, progress bar on, widgets off', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      layout: 'horizontal',
      themeName: 'ocean',
      showTabs: false,
      showProgressBar: true,
      showRefresh: false,
      showSearch: false,
      showThemeSetting: false,
      showLanguage: false,
      showNotice: false,
      showFullScreen: false,
      language: 'zh',
    });
  });

  it('random skin changes theme, column style and tab style, and is vertical on mobile', () => {
    for (let i = 0; i < 20; i++) {
      const seed = i / 20;
      const next = randomSkin(DEFAULT_SETTINGS, false, () => seed);
      expect(next.themeName).not.toBe(DEFAULT_SETTINGS.themeName);
      expect(next.columnStyle).not.toBe(DEFAULT_SETTINGS.columnStyle);
      expect(next.tabsBarStyle).not.toBe(DEFAULT_SETTINGS.tabsBarStyle);
    }
    expect(randomSkin(DEFAULT_SETTINGS, true).layout).toBe('vertical');
  });
});
