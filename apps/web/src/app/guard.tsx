import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigationType } from 'react-router';
import { findRoute } from '../shell/route-config';
import { doneProgress, startProgress } from '../shell/progress';
import { can, useAcl } from '../stores/acl-store';
import { useSettings } from '../stores/settings-store';
import { useUser } from '../stores/user-store';
import { preloadable } from './preloadable';

const ChoosePasswordPage = preloadable(() => import('../features/account/pages/choose-password-page'));

/**
 * Route guard (spec §4, with login interception off): guests see pages marked `guest`
 * (the home page) with a login button in the header; any other layout page sends them to
 * /login, which returns them where they were going. (A session ended by a login elsewhere
 * reloads to the site root itself: see endedElsewhere in the session store.) A signed-in person
 * whose password a manager set sees only 设置新密码 until he has chosen his own.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const token = useUser((s) => s.token);
  const mustChangePassword = useUser((s) => s.mustChangePassword);
  const acl = useAcl();
  const location = useLocation();
  const route = findRoute(location.pathname);
  if (!token && route && !route.guest) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  // a password a manager set opens nothing but the page that replaces it with his own
  if (token && mustChangePassword) {
    return (
      <Suspense fallback={<div className="page-loading" />}>
        <ChoosePasswordPage />
      </Suspense>
    );
  }
  // A route with roles is only for users who hold one (spec §6), even by typed URL.
  if (token && route?.roles && !can(acl, route.roles)) return <Navigate to="/403" replace />;
  return <>{children}</>;
}

/** The top progress bar during navigation (spec §2/§9), when enabled in the settings. */
export function NavigationProgress() {
  const location = useLocation();
  const enabled = useSettings((s) => s.showProgressBar);
  const type = useNavigationType();
  // the page the visit starts on is not a navigation, nor are the redirects that lead to it
  // (/ → /index, a guest to /login): no bar, and nprogress not downloaded yet
  const first = useRef<string | undefined>(location.pathname);
  useEffect(() => {
    if (first.current !== undefined && type === 'REPLACE') first.current = location.pathname;
    if (!enabled || first.current === location.pathname) return;
    first.current = undefined;
    startProgress();
    const timer = setTimeout(doneProgress, 200);
    return () => clearTimeout(timer);
  }, [location.pathname, enabled]);
  return null;
}
