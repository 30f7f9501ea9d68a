// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
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

/** What pages that read the location saw, and each drawing of what they hold. */
const seen: string[] = [];
const drawn: string[] = [];
function Where({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  seen.push(`${name} ${pathname}${search}`);
  return <Body name={name} />;
}
function Body({ name }: { name: string }) {
  drawn.push(name);
  return <p>{name}</p>;
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
          <Route path="w" element={<Where name="w" />} />
          <Route path="v" element={<Where name="v" />} />
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

  it('a hidden page keeps its own location, and what it holds is not drawn again as the learner goes elsewhere', () => {
    renderApp();
    act(() => go('/w?id=1'));
    act(() => go('/v'));
    seen.length = 0;
    drawn.length = 0;
    act(() => go('/a'));
    act(() => go('/b?x=2'));
    // hidden, w and v see the location they were shown at, never the page shown now
    expect(new Set(seen)).toEqual(new Set(['w /w?id=1', 'v /v']));
    expect(drawn).toEqual([]);
    // shown again, w is drawn with its own location
    act(() => go('/w?id=1'));
    expect(drawn).toEqual(['w']);
    expect(new Set(seen)).toEqual(new Set(['w /w?id=1', 'v /v']));
  });
});
