import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A visited page (spec §3 visited tab, the parts the tabs bar needs). */
export interface VisitedTab {
  path: string;
  /** full path with query, what clicking the tab opens */
  fullPath: string;
  title: string;
  noClosable?: boolean;
  tabHidden?: boolean;
  dynamicNewTab?: boolean;
}

/** Opening a route adds a tab; a tab with the same path is updated unless dynamicNewTab. */
export function addTab(tabs: VisitedTab[], tab: VisitedTab): VisitedTab[] {
  if (tab.tabHidden) return tabs;
  const key = (t: VisitedTab) => (t.dynamicNewTab ? t.fullPath : t.path);
  const index = tabs.findIndex((t) => key(t) === key(tab));
  if (index < 0) {
    // Tabs that cannot be closed (首页) stay pinned at the front.
    if (!tab.noClosable) return [...tabs, tab];
    const pinned = tabs.filter((t) => t.noClosable).length;
    return [...tabs.slice(0, pinned), tab, ...tabs.slice(pinned)];
  }
  return tabs.map((t, i) => (i === index ? { ...t, ...tab } : t));
}

const keepUnclosable = (tabs: VisitedTab[], keep: (t: VisitedTab, i: number) => boolean) =>
  tabs.filter((t, i) => t.noClosable || keep(t, i));

export const closeTab = (tabs: VisitedTab[], fullPath: string) => keepUnclosable(tabs, (t) => t.fullPath !== fullPath);
export const closeOthers = (tabs: VisitedTab[], fullPath: string) =>
  keepUnclosable(tabs, (t) => t.fullPath === fullPath);
export const closeLeft = (tabs: VisitedTab[], fullPath: string) => {
  const at = tabs.findIndex((t) => t.fullPath === fullPath);
  return keepUnclosable(tabs, (_t, i) => i >= at);
};
export const closeRight = (tabs: VisitedTab[], fullPath: string) => {
  const at = tabs.findIndex((t) => t.fullPath === fullPath);
  return keepUnclosable(tabs, (_t, i) => i <= at);
};
export const closeAll = (tabs: VisitedTab[]) => keepUnclosable(tabs, () => false);

/** Where to go when the active tab was closed: the last remaining tab, or /. */
export function afterClosing(tabs: VisitedTab[], activeFullPath: string): string | undefined {
  if (tabs.some((t) => t.fullPath === activeFullPath)) return undefined;
  return tabs.at(-1)?.fullPath ?? '/';
}

interface TabsState {
  tabs: VisitedTab[];
  open(tab: VisitedTab): void;
  set(tabs: VisitedTab[]): void;
}

/** Kept in session storage with the session (spec §4: the store survives a reload). */
export const useTabs = create<TabsState>()(
  persist(
    (set) => ({
      tabs: [],
      open: (tab) => set((s) => ({ tabs: addTab(s.tabs, tab) })),
      set: (tabs) => set({ tabs }),
    }),
    { name: 'anxun-tabs', storage: createJSONStorage(() => sessionStorage), partialize: ({ tabs }) => ({ tabs }) },
  ),
);
