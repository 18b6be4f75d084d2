import type { Page } from '@atrium/contracts';

export const PAGE_SIZE = 20;

export function pageOffset(pageNumber: number | undefined): number {
  return ((pageNumber ?? 1) - 1) * PAGE_SIZE;
}

export function toPage<T>(records: T[], count: number, pageNumber: number | undefined): Page<T> {
  return { records, count, hasMore: pageOffset(pageNumber) + records.length < count };
}

/** `%term%` for ILIKE, with LIKE wildcards in the user's text escaped. */
export function likePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
