/** How many records one page holds, per list (the spec leaves page sizes unsaid); paging itself is @atrium/kernel's. */
export const PAGE_SIZES = { tickets: 40, messages: 20, contacts: 20, tags: 20, quickMessages: 20, chats: 20, chatMessages: 20 } as const;
