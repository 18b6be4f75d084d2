import type { ReactNode } from 'react';
import { nearBottom } from '../api/paged';

/** A scrolling area that asks for the next page within 100 px of its bottom (spec section 9). */
export function InfiniteScrollArea({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  children,
  testId,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="list-scroll"
      data-testid={testId}
      onScroll={(event) => {
        if (hasNextPage && !isFetchingNextPage && nearBottom(event.currentTarget)) void fetchNextPage();
      }}
    >
      {children}
    </div>
  );
}
