import { MOBILE_BREAKPOINT_PX } from '@anxun/shared/constants';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

/** Below 992 px the shell is in its mobile form (spec §2). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}
