import { lazy, useState, type ComponentType } from 'react';
import { withChunkTimeout } from '../lib/chunk-timeout';

type Module<P> = { default: ComponentType<P> };

/**
 * A lazy page that can be loaded ahead (`preload`) and then renders at once. React.lazy
 * suspends on a component's first render even when its code is already here, and React then
 * holds the revealed page back for up to 300 ms after the placeholder it showed; a page whose
 * code came with the first visit's start is drawn in the same pass as the rest instead.
 * Each mounted instance keeps the way it started (direct or lazy), so nothing remounts.
 */
export function preloadable<P extends object>(loadCode: () => Promise<Module<P>>) {
  const load = withChunkTimeout(loadCode);
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const preload = (): Promise<Module<P>> => {
    pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        // a failed chunk may be asked for again
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function Page(props: P) {
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}
