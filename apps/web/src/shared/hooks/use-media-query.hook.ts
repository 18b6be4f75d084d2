import { useSyncExternalStore } from 'react';

function subscribe(query: string) {
  return (onChange: () => void) => {
    if (typeof window.matchMedia !== 'function') return () => undefined;
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribe(query),
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Layout breakpoints of the spec: 600 px and 1200 px (spec 000 section 9). */
export const BREAKPOINT_NARROW = 600;
export const BREAKPOINT_WIDE = 1200;

/** Under 600 px: the drawer is a temporary overlay. */
export function useIsNarrow(): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINT_NARROW - 0.02}px)`);
}

/** Over 1200 px: the drawer starts open. */
export function useIsWide(): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINT_WIDE + 0.02}px)`);
}
