import { useEffect, useState } from 'react';

/**
 * What a picker's search box holds, and what to ask the server for: the typed text, trimmed,
 * once typing has paused for a quarter of a second.
 */
export function useSearchText() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, q };
}
