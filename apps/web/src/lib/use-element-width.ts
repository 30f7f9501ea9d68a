import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's width in CSS px, followed as it changes by more than `minChange` and settled
 * for `settleMs` (a window dragged wider gives one new width, not one at every step); 0 before
 * it is measured. The first measure is taken at once. A hidden element (a page the layout keeps
 * alive) measures 0 and keeps its last width, so what was drawn for it is kept for its return.
 */
export function useElementWidth(element: RefObject<HTMLElement | null>, minChange = 16, settleMs = 150): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const measure = () =>
      setWidth((before) => {
        const now = target.clientWidth;
        return now > 0 && Math.abs(now - before) > minChange ? now : before;
      });
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      if (first) measure();
      else timer = setTimeout(measure, settleMs);
      first = false;
    });
    observer.observe(target);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [element, minChange, settleMs]);
  return width;
}
