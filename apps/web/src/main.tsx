import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { installErrorCapture } from './app/error-capture';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { useUser } from './stores/user-store';
import './styles/base.css';
import './styles/themes.css';

installErrorCapture();

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
          <AppRoutes />
        </HashRouter>
      </Providers>
    </StrictMode>,
  );
}
