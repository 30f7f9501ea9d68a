import type { ThemeName } from '../stores/settings-store';

/**
 * Primary colour per theme (at least 4.5:1 against white: its text and links are read on white,
 * white text on it); the rest of each theme lives in styles/themes.css under body.<name>.
 */
export const THEME_PRIMARY: Record<ThemeName, string> = {
  default: '#0074df',
  ocean: '#1e6fd9',
  green: '#2f825f',
  white: '#0074df',
  red: '#e2260e',
};
