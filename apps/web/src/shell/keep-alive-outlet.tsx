import { CACHED_ROUTES_MAX } from '@anxun/shared/constants';
import { Activity, memo, useContext, useRef, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useOutlet } from 'react-router';
import { useSettings } from '../stores/settings-store';
import { useTabs } from '../stores/tabs-store';

interface Entry {
  node: ReactNode;
  /** bumped by the refresh widget: a new React key remounts just this page */
  generation: number;
  /** the router's location as the page last saw it, shown */
  location: KeptLocation;
}

type KeptLocation = ContextType<typeof LocationContext>;

/** A kept page under the location it was shown at: drawn again only when either changes. */
const KeptPage = memo(function KeptPage({ node, location }: { node: ReactNode; location: KeptLocation }) {
  return <LocationContext.Provider value={location}>{node}</LocationContext.Provider>;
});

/**
 * Keeps up to 20 visited pages mounted (spec §2 "up to 20 routes kept cached"): a page
 * hidden with React's <Activity> keeps its state and comes back as it was left. The least
 * recently shown page goes first; a page whose tab was closed goes at once.
 *
 * A hidden page keeps the location it was shown at. Under the router's own, every hidden page
 * that asks for the location (useNavigate does) was drawn again, whole, on each navigation,
 * and read the shown page's path and query as its own.
 */
export function KeepAliveOutlet({ refresh }: { refresh: number }) {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const { pathname, search } = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const showTabs = useSettings((s) => s.showTabs);
  const cache = useRef(new Map<string, Entry>());
  const lastRefresh = useRef(refresh);
  const key = pathname + search;

  // '/' only redirects to /index: nothing to keep.
  if (!outlet || pathname === '/') return outlet;

  const entries = cache.current;
  const existing = entries.get(key);
  let generation = existing?.generation ?? 0;
  if (refresh !== lastRefresh.current) {
    lastRefresh.current = refresh;
    generation += 1;
  }
  entries.delete(key);
  entries.set(key, {
    node: existing && existing.generation === generation ? existing.node : outlet,
    generation,
    location,
  });

  if (showTabs) {
    const open = new Set(tabs.map((t) => t.fullPath));
    for (const k of entries.keys()) if (k !== key && !open.has(k)) entries.delete(k);
  }
  while (entries.size > CACHED_ROUTES_MAX) entries.delete(entries.keys().next().value as string);

  return (
    <>
      {[...entries.entries()].map(([k, entry]) => (
        <Activity key={`${k}#${entry.generation}`} mode={k === key ? 'visible' : 'hidden'}>
          <KeptPage node={entry.node} location={entry.location} />
        </Activity>
      ))}
    </>
  );
}
