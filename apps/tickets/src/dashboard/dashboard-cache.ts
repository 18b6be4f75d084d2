import { Injectable } from '@nestjs/common';
import { BoundedCache } from '@atrium/channel';

/** Figures kept at most (per company, call and period: a few dozen bytes to a few kB each). */
export const DASHBOARD_CACHE_ENTRIES = 2_000;

/**
 * The dashboard's computed figures of this process, each under the version of the rollup rows it
 * was read from (DashboardRepository.version: the count and sum of `changed_seq` of the company's
 * `dashboard_daily` rows of the period, which move with every timeline change of those days).
 * A call reads the version first (one indexed read of the period's rollup rows) and computes only
 * when it moved: figures are never older than the rollups the version was read from, and every
 * replica checks them against the database, so none serves another's stale figures.
 */
@Injectable()
export class DashboardCache {
  private readonly entries = new BoundedCache<string, { version: string; value: unknown }>(DASHBOARD_CACHE_ENTRIES);

  /** The value kept for `key` at `version`, else `compute()`'s (then kept). */
  async read<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found && found.version === version) return found.value as T;
    const value = await compute();
    this.entries.set(key, { version, value });
    return value;
  }
}
