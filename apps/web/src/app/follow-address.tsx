import { useEffect } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';

/**
 * HashRouter reads the address as it first renders and listens for changes only from its
 * commit on; the first render is a transition that can take a while on a phone, so an address
 * changed in between (a link followed, or a second address opened, while the app starts) was
 * never heard: the page showed the old one under the new address for good. Mounted beside the
 * routes, this looks once after the router listens and follows the address if it moved.
 */
export function FollowAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const actual = window.location.hash.replace(/^#?\/?/, '/');
    if (actual !== createPath(location)) void navigate(actual, { replace: true });
    // once, at mount: later changes reach the router through its own listener
  }, []);
  return null;
}
