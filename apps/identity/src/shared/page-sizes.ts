/** How many records one page of identity's lists holds; paging itself is @atrium/kernel's. */
export const PAGE_SIZE = 20;
