import type { ScheduleRow } from '../identity/views.js';
import type { MessageAck, MessageMediaType } from '../sessions/messages.js';
import type { TicketStatus } from './visibility.js';

/** A queue's basic data (spec 001 section 3; option trees and business hours come later). */
export interface QueueView {
  id: number;
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  /** The flow run when a ticket enters the queue (issue 27), null when none. */
  flowId: number | null;
  schedules: ScheduleRow[];
  createdAt: string;
  updatedAt: string;
}

/** One node of a queue's option tree (spec 001 "Queue option"); `parentId` null at the root. */
export interface QueueOptionView {
  id: number;
  companyId: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string;
  option: number;
  createdAt: string;
  updatedAt: string;
}

export interface ExtraInfoView {
  name: string;
  value: string;
}

/**
 * A customer (spec 000 section 3). WhatsApp names a person by phone number or by `lid`; a
 * contact keeps both, so the same customer is one contact whichever arrives.
 */
export interface ContactView {
  id: number;
  companyId: number;
  name: string;
  /** Digits with country code (or a group id for groups); null while only the lid is known. */
  number: string | null;
  lid: string | null;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo: ExtraInfoView[];
  /** The connection the contact first wrote to (or was created with). */
  whatsappId: number | null;
  /** That connection (spec 000: the contact's source connection). */
  whatsapp: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface TagView {
  id: number;
  companyId: number;
  name: string;
  color: string;
  /** 1 when the tag is a kanban lane. */
  kanban: 0 | 1;
  userId: number | null;
  /** Tickets carrying the tag (the tags page's count). */
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
}

export type TagRef = Pick<TagView, 'id' | 'name' | 'color' | 'kanban'>;

export interface TicketView {
  id: number;
  uuid: string;
  companyId: number;
  status: TicketStatus;
  contactId: number;
  contact: ContactView;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  tags: TagRef[];
  lastMessage: string;
  useIntegration: boolean;
  promptId: number | null;
  integrationId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The message a reply quotes, as the conversation shows it above the reply. */
export interface QuotedMessageView {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: MessageMediaType;
  mediaUrl: string | null;
  isDeleted: boolean;
  contact: { id: number; name: string } | null;
}

export interface MessageView {
  id: number;
  /** The channel's (WhatsApp's) id of the message. */
  wid: string | null;
  companyId: number;
  ticketId: number;
  contactId: number | null;
  /** Who wrote it: the ticket's contact, or a group's participant; null for fromMe messages. */
  contact: { id: number; name: string; number: string | null } | null;
  body: string;
  fromMe: boolean;
  mediaType: MessageMediaType;
  /** `/public/<storage key>`, relative to the API's base URL; null without media. */
  mediaUrl: string | null;
  mediaName: string | null;
  quotedMsgId: number | null;
  quotedMsg: QuotedMessageView | null;
  /** 0 pending, 1 sent, 2 received, 3 read, 4 played; -1 failed (spec 000 section 3). */
  ack: MessageAck;
  /** A failed message (ack -1): why, as the network said it (Cloud API: `131026: Message undeliverable`); absent otherwise. */
  error?: string;
  read: boolean;
  isDeleted: boolean;
  isEdited: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TicketNoteView {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface QuickMessageView {
  id: number;
  companyId: number;
  userId: number | null;
  shortcode: string;
  message: string;
  /** Shared with the whole company (otherwise only its author sees it). */
  geral: boolean;
  status: boolean;
  isMedia: boolean;
  /** Storage key of the attachment (served under `/public/<mediaPath>`), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TicketsPageView {
  tickets: TicketView[];
  count: number;
  hasMore: boolean;
}

export interface ContactsPageView {
  contacts: ContactView[];
  count: number;
  hasMore: boolean;
}

export interface MessagesPageView {
  /** Oldest first; a page holds the messages before the previous page's. */
  messages: MessageView[];
  ticket: TicketView;
  count: number;
  hasMore: boolean;
}

export interface TagsPageView {
  tags: TagView[];
  count: number;
  hasMore: boolean;
}

export interface QuickMessagesPageView {
  records: QuickMessageView[];
  count: number;
  hasMore: boolean;
}

/**
 * `GET /inbound-failures` (admins): an inbound WhatsApp event the tickets service could not store
 * after its attempts, taken off the stream (a dead letter). `event` is the event as it arrived (JSON).
 */
export interface InboundFailureView {
  id: number;
  whatsappId: number;
  eventType: string;
  attempts: number;
  reason: string;
  event: string;
  failedAt: string;
}
