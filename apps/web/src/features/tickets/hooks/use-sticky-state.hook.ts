import { useState, type Dispatch, type SetStateAction } from 'react';

const remembered = new Map<string, unknown>();

/**
 * useState whose value outlives the component for the tab's life: /tickets and /tickets/{id}
 * are two routes, so the list panel mounts again when a ticket is opened, and keeps its tab and
 * filters this way. Cleared with the session (forgetStickyState).
 */
export function useStickyState<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => (remembered.has(key) ? (remembered.get(key) as T) : initial));
  const set: Dispatch<SetStateAction<T>> = (next) => {
    setValue((previous) => {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
      remembered.set(key, resolved);
      return resolved;
    });
  };
  return [value, set];
}

export function forgetStickyState(): void {
  remembered.clear();
}
