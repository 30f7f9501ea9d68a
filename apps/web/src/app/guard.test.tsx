// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUser } from '../stores/user-store';
import { RequireSession } from './guard';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/*"
          element={
            <RequireSession>
              <p>page</p>
              <Where />
            </RequireSession>
          }
        />
        <Route path="/login" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('route guard (spec §4/§6)', () => {
  afterEach(() => {
    cleanup();
    useUser.setState({ token: undefined, message: '' });
  });

  it('lets a guest see the home page', () => {
    renderAt('/index');
    expect(screen.getByText('page')).toBeTruthy();
  });

  it('sends a guest from a study page to /login, remembering where they were going', () => {
    renderAt('/study?x=1');
    expect(screen.queryByText('page')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fstudy%3Fx%3D1');
  });

  it('lets a logged-in learner through', () => {
    useUser.setState({ token: 'token' });
    renderAt('/exams');
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/exams');
  });
});
