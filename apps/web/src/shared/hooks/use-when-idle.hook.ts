import { useEffect, useState } from 'react';

/** Runs `callback` once the browser is idle (or after a short delay where it cannot tell); returns the cancel. */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(callback, 500);
  return () => window.clearTimeout(timer);
}

/**
 * False on the first render, true once the browser is idle: for what a screen does not need to
 * show itself (a tooltip, a menu), fetched after the screen instead of with it.
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
