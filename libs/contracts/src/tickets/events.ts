import type { ContactView, MessageView, QueueView, QuickMessageView, TicketNoteView, TicketView } from './views.js';
import type { TicketStatus } from './visibility.js';

/** `company-{id}-queue`. */
export type QueueEventPayload = { action: 'create' | 'update'; queue: QueueView } | { action: 'delete'; queueId: number };

/** `company-{id}-contact`. */
export type ContactEventPayload = { action: 'create' | 'update'; contact: ContactView } | { action: 'delete'; contactId: number };

/**
 * `company-{id}-ticket` (spec 000 section 7). `delete` also reaches the sockets that could see the
 * ticket before a change (transfer, return) and no longer can: they drop it from their lists.
 * A status change also announces `delete` with `fromStatus` to the sockets that see the ticket now,
 * before the `update`: the ticket moved (it was not deleted), as the original backend tells the old
 * status' listeners; a list of that status drops it, the update puts it in its new one.
 * `updateUnread`: the ticket's unread count went back to 0.
 */
export type TicketEventPayload =
  | { action: 'update'; ticket: TicketView }
  | { action: 'delete'; ticketId: number; fromStatus?: TicketStatus }
  | { action: 'updateUnread'; ticketId: number };

/** `company-{id}-appMessage`: a message was created, or changed (ack, edit, revoke, delete). */
export interface AppMessageEventPayload {
  action: 'create' | 'update';
  message: MessageView;
  ticket: TicketView;
  contact: ContactView;
}

/** `company-{id}-quickemessage` (spec 001 section 7, spelled as the spec spells it). */
export type QuickMessageEventPayload = { action: 'create' | 'update'; record: QuickMessageView } | { action: 'delete'; id: number };

/**
 * `company-{id}-ticketNote`: a private note of a ticket was added or deleted, to whoever may see
 * the ticket (the conversation shows its notes inline). Notes are never messages: nothing of them
 * reaches the channel, the external API or the customer.
 */
export type TicketNoteEventPayload = { action: 'create'; note: TicketNoteView } | { action: 'delete'; noteId: number; ticketId: number };

/** `company-{id}-mention`: a colleague named this user (@) in a ticket's note; sent to the named users only. */
export interface MentionEventPayload {
  action: 'create';
  note: TicketNoteView;
  ticket: { id: number; uuid: string };
  contact: { name: string };
}
