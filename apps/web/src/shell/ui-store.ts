import { create } from 'zustand';

/** Shell-only UI state that is not a saved setting. */
export const useShellUi = create<{ themeDrawerOpen: boolean; setThemeDrawerOpen(open: boolean): void }>()((set) => ({
  themeDrawerOpen: false,
  setThemeDrawerOpen: (open) => set({ themeDrawerOpen: open }),
}));
