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
 * Calls that find the same new version while its figures are being computed wait for that one
 * computation instead of each running their own (a company whose tickets keep changing moves the
 * version of today's periods every few seconds, and every open dashboard asks at once).
 */
@Injectable()
export class DashboardCache {
  private readonly entries = new BoundedCache<string, { version: string; value: Promise<unknown> }>(DASHBOARD_CACHE_ENTRIES);

  /** The value kept (or being computed) for `key` at `version`, else `compute()`'s (then kept). */
  read<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found && found.version === version) return found.value as Promise<T>;
    const entry = { version, value: compute() as Promise<unknown> };
    this.entries.set(key, entry);
    // a failed computation is not kept: the next call computes again
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value as Promise<T>;
  }
}
