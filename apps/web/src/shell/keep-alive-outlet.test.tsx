// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {name}:{count}
    </button>
  );
}

let go: (path: string) => void = () => {};
function Nav() {
  go = useNavigate();
  return null;
}

function App() {
  const [refresh, setRefresh] = useState(0);
  return (
    <MemoryRouter initialEntries={['/a']}>
      <Nav />
      <button type="button" onClick={() => setRefresh((r) => r + 1)}>
        refresh
      </button>
      <Routes>
        <Route path="/" element={<KeepAliveOutlet refresh={refresh} />}>
          <Route path="a" element={<Counter name="a" />} />
          <Route path="b" element={<Counter name="b" />} />
        </Route>
      </Routes>
    </MemoryRouter>
  );
}

const renderApp = () => render(<App />);

describe('kept-alive pages (spec §2: up to 20 routes cached)', () => {
  afterEach(cleanup);

  it("keeps a page's state when the learner switches away and back", () => {
    renderApp();
    fireEvent.click(screen.getByText('a:0'));
    fireEvent.click(screen.getByText('a:1'));
    act(() => go('/b'));
    expect(screen.getByText('b:0')).toBeTruthy();
    act(() => go('/a'));
    expect(screen.getByText('a:2')).toBeTruthy();
  });

  it('the refresh widget starts the current page afresh and leaves the others', () => {
    renderApp();
    fireEvent.click(screen.getByText('a:0'));
    act(() => go('/b'));
    fireEvent.click(screen.getByText('b:0'));
    fireEvent.click(screen.getByText('refresh'));
    expect(screen.getByText('b:0')).toBeTruthy();
    act(() => go('/a'));
    expect(screen.getByText('a:1')).toBeTruthy();
  });
});
