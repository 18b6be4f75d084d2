import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.hook';

/** What a searchable list reads of an RTK Query infinite query's result. */
export interface PagesQueryResult<Page> {
  data?: { pages: Page[] };
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  isError: boolean;
  error?: unknown;
}

/**
 * A list searched from a text box and loaded page by page (infinite scroll): the text typed, the
 * trimmed and debounced search the query is called with, the query's state, and the records of
 * every page loaded so far.
 */
export function useSearchedPages<Page, Row>(usePagesQuery: (search: string) => PagesQueryResult<Page>, rowsOf: (page: Page) => Row[]) {
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage, isError, error } = usePagesQuery(searchParam);
  const records = (data?.pages ?? []).flatMap(rowsOf);
  return { search, setSearch, searchParam, records, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage, isError, error };
}

export type SearchedPages<Row> = ReturnType<typeof useSearchedPages<unknown, Row>>;
