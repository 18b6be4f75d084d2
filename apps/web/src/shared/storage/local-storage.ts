/** Every key the app keeps in the browser's localStorage. */
export const StorageKey = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  /** Present when the company's campaigns switch is on (spec 001 section 2). */
  campaignsFlag: 'cshow',
  theme: 'preferredTheme',
  volume: 'volume',
  language: 'language',
  tasks: 'tasks',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** What belongs to a login and is cleared when it ends; preferences and to-dos stay. */
const SESSION_KEYS: StorageKey[] = [StorageKey.token, StorageKey.companyId, StorageKey.userId, StorageKey.campaignsFlag];

export function readString(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the app keeps working for this page's life
  }
}

export function removeKey(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // see writeString
  }
}

export function readJson<T>(key: StorageKey, fallback: T): T {
  const raw = readString(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export function clearSessionStorage(): void {
  SESSION_KEYS.forEach(removeKey);
}
