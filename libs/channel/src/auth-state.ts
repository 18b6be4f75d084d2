/** One key of a session's auth state; `value: null` deletes it. */
export interface AuthStateEntry {
  /** e.g. 'creds', 'pre-key', 'session', 'sender-key', 'app-state-sync-key'. */
  category: string;
  id: string;
  /** Serialized by the driver (JSON); the store never interprets it. */
  value: string | null;
}

/**
 * Where a driver keeps what lets a session reconnect without a new QR code: one row per key in
 * PostgreSQL (apps/sessions), so a replica that takes a session over reconnects from it. A
 * driver reads through it rather than keeping its own unbounded copy.
 */
export interface AuthStateStore {
  /** The stored values of these ids (absent ids are missing from the map). */
  get(category: string, ids: readonly string[]): Promise<Map<string, string>>;
  /** Writes (or deletes) many keys at once, atomically. */
  set(entries: readonly AuthStateEntry[]): Promise<void>;
  /** Forgets everything: the next start needs a new QR code. */
  clear(): Promise<void>;
}
