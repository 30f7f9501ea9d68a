import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { installErrorCapture } from './app/error-capture';
import { FollowAddress } from './app/follow-address';
import { Providers } from './app/providers';
import { AppRoutes, opensOnLogin, preloadFirstPage } from './app/router';
import { LoadBoundary } from './components/load-boundary';
import { prefetchCourse, prefetchHome } from './features/courses/api/course-requests';
import { prefetchOrgInfo, siteOrgCode } from './lib/org-info';
import { useUser } from './stores/user-store';
import './styles/base.css';
import './styles/themes.css';

installErrorCapture();

// A chunk that will not load (a new release removed the files this tab was built against, or
// the network dropped) would leave a dialog or page blank for good: reload once to the current
// release; a second failure within a minute is left to the error capture.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('anxun-chunk-reload') ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem('anxun-chunk-reload', String(Date.now()));
  event.preventDefault();
  location.reload();
});

// Spec §4: on start, a stored session user's name and avatar are reloaded and the login
// renewed if it expired. Tokens are not rotated on every load: two quick reloads would race
// each other's rotation and log the learner out.
void useUser.getState().restore();

// What the first page shows first is asked for now, alongside the app's own start: the
// page's code (index.html asks for it even earlier), on the login page, 首页 and 课程详情 the
// organisation's name and logo, 首页's lists, and a course's details and units.
const [firstPath = '/', firstQuery = ''] = location.hash.replace(/^#/, '').split('?');
const firstPage = preloadFirstPage(firstPath || '/');
if (opensOnLogin(firstPath || '/')) prefetchOrgInfo(siteOrgCode(new URLSearchParams(firstQuery)));
else if (['', '/', '/index'].includes(firstPath)) {
  prefetchOrgInfo(siteOrgCode(new URLSearchParams(firstQuery), useUser.getState().orgCode));
  prefetchHome();
} else if (firstPath === '/course') {
  const query = new URLSearchParams(firstQuery);
  prefetchOrgInfo(siteOrgCode(query, useUser.getState().orgCode));
  const book = query.get('id');
  if (book) prefetchCourse(book);
}

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  // The first render waits (3 s at most) for the first page's code, index.html's placeholder
  // showing meanwhile, and is a transition: React renders it in slices of a few milliseconds
  // and lets the browser paint and answer input between them, instead of holding a phone's
  // main thread for the whole first screen.
  const render = () =>
    startTransition(() =>
      app.render(
        <StrictMode>
          <Providers>
            <HashRouter>
              <FollowAddress />
              <LoadBoundary>
                <AppRoutes />
              </LoadBoundary>
            </HashRouter>
          </Providers>
        </StrictMode>,
      ),
    );
  void Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, 3000))]).then(render);
}
