import type { ThemeName } from '../stores/settings-store';

/** Primary colour per theme; the rest of each theme lives in styles/themes.css under body.<name>. */
export const THEME_PRIMARY: Record<ThemeName, string> = {
  default: '#1890ff',
  ocean: '#1e6fd9',
  green: '#41b584',
  white: '#1890ff',
  red: '#f34d37',
};
