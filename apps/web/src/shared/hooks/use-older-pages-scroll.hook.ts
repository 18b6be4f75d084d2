import { useLayoutEffect, useRef } from 'react';

export interface OlderPagesScrollOptions {
  /** The conversation shown (a ticket's or a chat's id): a new one starts at its newest message. */
  conversationId: number;
  /** Id of the newest message loaded: a new one scrolls to the bottom. */
  newestId: number | null;
  /** Pages loaded: a new page of older messages keeps the reader where they were. */
  pages: number;
  /** Older pages load when the list is scrolled within this many pixels of its top. */
  thresholdPx: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A conversation that reads oldest to newest with older pages loaded near its top (tickets'
 * messages, internal chats): scrolled to the newest message when one arrives or the conversation
 * changes, kept in place when older messages come in above. Returns the scroller's ref and handler.
 */
export function useOlderPagesScroll({
  conversationId,
  newestId,
  pages,
  thresholdPx,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: OlderPagesScrollOptions) {
  const scroller = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);
  const lastSeen = useRef<{ conversationId: number; newestId: number | null; pages: number }>({
    conversationId: 0,
    newestId: null,
    pages: 0,
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const seen = lastSeen.current;
    if (pages > seen.pages && fromBottom.current !== null && seen.conversationId === conversationId) {
      // older messages came in above: keep what the user was reading where it was
      element.scrollTop = element.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (newestId !== seen.newestId || seen.conversationId !== conversationId) {
      element.scrollTop = element.scrollHeight;
    }
    lastSeen.current = { conversationId, newestId, pages };
  }, [newestId, pages, conversationId]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    if (element.scrollTop < thresholdPx) {
      fromBottom.current = element.scrollHeight - element.scrollTop;
      void fetchNextPage();
    }
  };

  return { scroller, onScroll };
}
