import type { Page } from '@atrium/contracts';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Records skipped before page `pageNumber` (1 when absent) of lists of `size`. */
export function pageOffset(pageNumber: number | undefined, size: number): number {
  return ((pageNumber ?? 1) - 1) * size;
}

/** Whether records follow the `returned` ones of page `pageNumber`, out of `count`. */
export function hasMore(pageNumber: number | undefined, size: number, returned: number, count: number): boolean {
  return pageOffset(pageNumber, size) + returned < count;
}

/** One page of records as lists answer it (`{ records, count, hasMore }`). */
export function toPage<T>(records: T[], count: number, pageNumber: number | undefined, size: number): Page<T> {
  return { records, count, hasMore: hasMore(pageNumber, size, records.length, count) };
}

/** `%term%` for ILIKE, with LIKE wildcards in the user's text escaped. */
export function likePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `<column> desc nulls last`: the order of the schemas' "newest first" indexes (drizzle writes
 * them DESC NULLS LAST); a plain `desc` (nulls first) would not match them and PostgreSQL would sort.
 */
export function newestFirst(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}
