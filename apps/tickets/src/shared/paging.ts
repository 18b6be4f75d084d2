import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** How many records one page holds, per list (the spec leaves page sizes unsaid). */
export const PAGE_SIZES = { tickets: 40, messages: 20, contacts: 20, tags: 20, quickMessages: 20 } as const;

export function pageOffset(pageNumber: number | undefined, size: number): number {
  return ((pageNumber ?? 1) - 1) * size;
}

export function hasMore(pageNumber: number | undefined, size: number, returned: number, count: number): boolean {
  return pageOffset(pageNumber, size) + returned < count;
}

/** `%term%` for ILIKE, with LIKE wildcards in the user's text escaped. */
export function likePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `<column> desc nulls last`: the order of the schema's "newest first" indexes (drizzle writes
 * them DESC NULLS LAST); a plain `desc` (nulls first) would not match them and PostgreSQL would sort.
 */
export function newestFirst(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}
