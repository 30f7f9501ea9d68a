import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { installErrorCapture } from './app/error-capture';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { resumeRealtime, useUser } from './stores/user-store';
import './styles/base.css';
import './styles/themes.css';

installErrorCapture();

// Spec §4: on start, a stored session user is refreshed (refresh token → new tokens, name, avatar).
if (useUser.getState().userId) {
  void useUser
    .getState()
    .refresh()
    .then((ok) => ok || resumeRealtime());
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </Providers>
    </StrictMode>,
  );
}
