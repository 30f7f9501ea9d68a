import { CACHED_ROUTES_MAX } from '@anxun/shared/constants';
import { Activity, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';

/**
 * Keeps up to 20 visited pages mounted (spec §2 "up to 20 routes kept cached"): a page
 * hidden with React's <Activity> keeps its state and comes back as it was left.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname, search } = useLocation();
  const key = pathname + search;
  const cache = useRef(new Map<string, ReactNode>());

  if (outlet && !cache.current.has(key)) {
    cache.current.set(key, outlet);
    while (cache.current.size > CACHED_ROUTES_MAX) {
      const oldest = cache.current.keys().next().value as string;
      cache.current.delete(oldest);
    }
  }

  return (
    <>
      {[...cache.current.entries()].map(([k, node]) => (
        <Activity key={k} mode={k === key ? 'visible' : 'hidden'}>
          {node}
        </Activity>
      ))}
    </>
  );
}
