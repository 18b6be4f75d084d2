import { BoundedCache, type AuthStateEntry, type AuthStateStore } from '@atrium/channel';
import type { AuthKeysRepository, SessionRef } from './auth-keys.repository.js';

const keyOf = (category: string, id: string) => `${category}\u0000${id}`;

/**
 * A session's auth state in PostgreSQL, one key per row, read through a bounded LRU cache (which
 * also remembers keys known to be missing) and written in batches: every `set` is one
 * transaction whatever its size.
 */
export class PgAuthStateStore implements AuthStateStore {
  private readonly cache: BoundedCache<string, string | null>;

  constructor(
    private readonly repository: AuthKeysRepository,
    private readonly session: SessionRef,
    cacheCapacity: number,
  ) {
    this.cache = new BoundedCache(cacheCapacity);
  }

  /** Keys held in memory now (never more than the capacity). */
  get cachedKeys(): number {
    return this.cache.size;
  }

  async get(category: string, ids: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const key = keyOf(category, id);
      if (!this.cache.has(key)) missing.push(id);
      else {
        const cached = this.cache.get(key);
        if (cached !== null && cached !== undefined) found.set(id, cached);
      }
    }
    if (missing.length > 0) {
      const loaded = await this.repository.read(this.session, category, missing);
      for (const id of missing) {
        const value = loaded.get(id) ?? null;
        this.cache.set(keyOf(category, id), value);
        if (value !== null) found.set(id, value);
      }
    }
    return found;
  }

  async set(entries: readonly AuthStateEntry[]): Promise<void> {
    const last = new Map<string, AuthStateEntry>();
    for (const entry of entries) last.set(keyOf(entry.category, entry.id), entry);
    const upserts = [...last.values()].filter((e): e is AuthStateEntry & { value: string } => e.value !== null);
    const deletes = [...last.values()].filter((e) => e.value === null);
    await this.repository.write(this.session, upserts, deletes);
    for (const [key, entry] of last) this.cache.set(key, entry.value);
  }

  async clear(): Promise<void> {
    await this.repository.clear(this.session);
    this.cache.clear();
  }
}
