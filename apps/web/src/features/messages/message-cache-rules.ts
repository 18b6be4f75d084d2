import type { MessagesPageView, MessageView, TicketView } from '@atrium/contracts';
import type { InfiniteData } from '@reduxjs/toolkit/query';

export type MessagePages = InfiniteData<MessagesPageView, number>;

/**
 * A conversation page holds the messages of every ticket of the contact on that connection
 * (apps/tickets README): a message belongs to the conversation of its ticket, and to the one
 * of another ticket of the same contact and connection.
 */
export function belongsToConversation(
  ticket: Pick<TicketView, 'id' | 'contactId' | 'whatsappId'>,
  shown: Pick<TicketView, 'id' | 'contactId' | 'whatsappId'>,
): boolean {
  return ticket.id === shown.id || (ticket.contactId === shown.contactId && ticket.whatsappId === shown.whatsappId);
}

function locate(data: MessagePages, messageId: number): { page: number; index: number } | null {
  for (let page = 0; page < data.pages.length; page++) {
    const index = data.pages[page]!.messages.findIndex((message) => message.id === messageId);
    if (index >= 0) return { page, index };
  }
  return null;
}

/** Adds a new message at the end of the newest page, or replaces it when already there (mutates the draft). */
export function upsertMessage(data: MessagePages, message: MessageView): void {
  const at = locate(data, message.id);
  if (at) {
    data.pages[at.page]!.messages[at.index] = message;
    return;
  }
  data.pages[0]?.messages.push(message);
}

/** Replaces a message that is shown (ack, edit, revoke, delete); unknown messages are ignored. */
export function replaceMessage(data: MessagePages, message: MessageView): void {
  const at = locate(data, message.id);
  if (at) data.pages[at.page]!.messages[at.index] = message;
}

/** Oldest first: older pages come later in `pages`. Each message once. */
export function messagesOf(data: MessagePages | undefined): MessageView[] {
  const seen = new Set<number>();
  const all: MessageView[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all;
}
