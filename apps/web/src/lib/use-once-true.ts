import { useState } from 'react';

/**
 * True from the first time `value` is true on: a dialog's code is loaded when it is first
 * opened (not with the page) and then stays mounted, so it can animate closed and open again.
 */
export function useOnceTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
