import { BoundedCache } from '@atrium/channel';
import type { CacheStore } from '@whiskeysockets/baileys';

/**
 * Baileys' CacheStore on a fixed-capacity LRU: given for every cache Baileys accepts (retry
 * counters, device lists, media, call offers, placeholder resends), so none of them can grow with
 * traffic (Baileys' own defaults are time-bounded only).
 */
export class BoundedCacheStore implements CacheStore {
  private readonly cache: BoundedCache<string, unknown>;

  constructor(capacity: number) {
    this.cache = new BoundedCache(capacity);
  }

  get<T>(key: string): T | undefined {
    return this.cache.get(key) as T | undefined;
  }

  set<T>(key: string, value: T): void {
    this.cache.set(key, value);
  }

  del(key: string): void {
    this.cache.delete(key);
  }

  flushAll(): void {
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }
}
