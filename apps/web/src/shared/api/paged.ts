/** Infinite-scroll options for list endpoints paged by pageNumber with a hasMore flag. */
export const pageNumberPaging = {
  initialPageParam: 1,
  getNextPageParam: (lastPage: { hasMore: boolean }, _allPages: unknown, lastPageParam: number): number | undefined =>
    lastPage.hasMore ? lastPageParam + 1 : undefined,
};

/** Infinite scroll loads the next page within 100 px of the bottom (spec 000/001 section 9). */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

export function nearBottom(element: HTMLElement, threshold: number = INFINITE_SCROLL_THRESHOLD_PX): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight < threshold;
}
