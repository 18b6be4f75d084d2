/** How many records one page holds, per list (the spec leaves page sizes unsaid); paging itself is @atrium/kernel's. */
export const PAGE_SIZES = { schedules: 20, contactLists: 20, contactListItems: 40, fileLists: 20, campaigns: 20 } as const;
