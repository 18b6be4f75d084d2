/**
 * Undo/redo of the flow editor: snapshots of the graph. Edits of one form field in a row (the same
 * `key` within COALESCE_MS) make one step, so typing a text is undone at once, not letter by letter.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The key and time of the last commit, for coalescing. */
  last?: { key: string; at: number };
}

export const HISTORY_LIMIT = 100;
export const COALESCE_MS = 1500;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** `next` becomes the present; the old present is a step back unless `key` continues the last commit. */
export function commit<T>(history: History<T>, next: T, key?: string, now: number = Date.now()): History<T> {
  const continues = key !== undefined && history.last?.key === key && now - history.last.at < COALESCE_MS;
  const last = key === undefined ? undefined : { key, at: now };
  if (continues) return { ...history, present: next, future: [], last };
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [], last };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future };
}
