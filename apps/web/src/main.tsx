import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { installErrorCapture } from './app/error-capture';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { LoadBoundary } from './components/load-boundary';
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

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <HashRouter>
          <LoadBoundary>
            <AppRoutes />
          </LoadBoundary>
        </HashRouter>
      </Providers>
    </StrictMode>,
  );
}
