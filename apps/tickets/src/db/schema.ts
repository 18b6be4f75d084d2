/**
 * The tickets service's tables, one file per context under schema/ (the database functions and
 * triggers they carry in schema/functions.ts). This index re-exports them all, for the app's
 * imports and for drizzle-kit (drizzle.config.ts reads this file), and lists them for Drizzle.
 */
import { queues, queueOptions } from './schema/queues.js';
import { contacts } from './schema/contacts.js';
import { tickets, tags, ticketTags, ticketNotes, userRatings } from './schema/tickets.js';
import { messages, ticketTexts, quickMessages, mediaHolds } from './schema/messages.js';
import { failedInboundEvents } from './schema/inbound.js';
import { userRefs, whatsappRefs } from './schema/directory.js';
import { customerWindows } from './schema/customer-windows.js';
import { ticketBots, botReplies, botActSteps } from './schema/chatbot.js';
import { outbox } from './schema/outbox.js';
import { chats, chatUsers, chatMessages } from './schema/chats.js';
import { ticketTimelines, dashboardCalendar, dashboardDaily } from './schema/dashboard.js';

export { ticketsDb } from './schema/tickets-db.js';
export * from './schema/queues.js';
export * from './schema/contacts.js';
export * from './schema/tickets.js';
export * from './schema/messages.js';
export * from './schema/inbound.js';
export * from './schema/directory.js';
export * from './schema/customer-windows.js';
export * from './schema/chatbot.js';
export * from './schema/outbox.js';
export * from './schema/chats.js';
export * from './schema/dashboard.js';

export const ticketsSchema = {
  outbox,
  queues,
  queueOptions,
  contacts,
  tickets,
  messages,
  ticketTexts,
  tags,
  ticketTags,
  ticketNotes,
  quickMessages,
  mediaHolds,
  failedInboundEvents,
  userRefs,
  whatsappRefs,
  customerWindows,
  ticketBots,
  botReplies,
  botActSteps,
  userRatings,
  chats,
  chatUsers,
  chatMessages,
  ticketTimelines,
  dashboardCalendar,
  dashboardDaily,
};
export type TicketsSchema = typeof ticketsSchema;
