import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { findRoute } from '../shell/route-config';
import { doneProgress, startProgress } from '../shell/progress';
import { useSettings } from '../stores/settings-store';
import { useUser } from '../stores/user-store';

/**
 * Route guard (spec §4, with login interception off): guests see pages marked `guest`
 * (the home page) with a login button in the header; any other layout page sends them to
 * /login, which returns them where they were going — unless the session just ended by a
 * login elsewhere, which goes to the site root.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const token = useUser((s) => s.token);
  const message = useUser((s) => s.message);
  const location = useLocation();
  const route = findRoute(location.pathname);
  if (!token && route && !route.guest) {
    // Ended by a login elsewhere (异地登录): to the site root, as spec §8 says.
    if (message) return <Navigate to="/" replace />;
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}

/** The top progress bar during navigation (spec §2/§9), when enabled in the settings. */
export function NavigationProgress() {
  const location = useLocation();
  const enabled = useSettings((s) => s.showProgressBar);
  useEffect(() => {
    if (!enabled) return;
    startProgress();
    const timer = setTimeout(doneProgress, 200);
    return () => clearTimeout(timer);
  }, [location.pathname, enabled]);
  return null;
}
