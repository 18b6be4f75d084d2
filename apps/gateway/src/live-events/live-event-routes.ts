import { InvoicesController } from '../billing/invoices.controller.js';
import { PromptsController } from '../ai/prompts.controller.js';
import { QueueIntegrationsController } from '../ai/queue-integrations.controller.js';
import { CampaignsController } from '../campaigns/campaigns.controller.js';
import { ContactListItemsController } from '../campaigns/contact-list-items.controller.js';
import { ContactListsController } from '../campaigns/contact-lists.controller.js';
import { FilesController } from '../campaigns/files.controller.js';
import { SchedulesController } from '../campaigns/schedules.controller.js';
import { AnnouncementsController } from '../identity/announcements.controller.js';
import { SettingsController } from '../identity/settings.controller.js';
import { UsersController } from '../identity/users.controller.js';
import { WhatsappController } from '../sessions/whatsapp.controller.js';
import { ChatsController } from '../tickets/chats.controller.js';
import { ContactsController } from '../tickets/contacts.controller.js';
import { QueuesController } from '../tickets/queues.controller.js';
import { QuickMessagesController } from '../tickets/quick-messages.controller.js';
import { TicketNotesController } from '../tickets/ticket-notes.controller.js';
import { TicketsController } from '../tickets/tickets.controller.js';
import { LiveEventAccess, route, type LiveEventPatterns, type LiveEventRoutes } from '../realtime/live-event-access.js';

/**
 * Every live event and the route whose role and plan rules decide who receives it (the realtime
 * module's LiveEventAccess applies them). The type makes every fixed kind of LiveEventPayloads
 * appear here; a kind without a route says why.
 */
export const LIVE_EVENT_ROUTES: LiveEventRoutes = {
  auth: { reason: 'addressed to the logged-in-elsewhere user only (audience userIds)' },
  sessionEnded: { reason: 'internal: never emitted to sockets' },
  user: route(UsersController, 'list'),
  settings: route(SettingsController, 'list'),
  permissions: { reason: 'every user: it changes what they may do (their client re-reads /auth/me); it carries only action names' },
  announcement: route(AnnouncementsController, 'page'),
  whatsapp: route(WhatsappController, 'list'),
  whatsappSession: route(WhatsappController, 'list'),
  queue: route(QueuesController, 'list'),
  contact: route(ContactsController, 'page'),
  ticket: route(TicketsController, 'page'),
  appMessage: route(TicketsController, 'page'),
  ticketNote: route(TicketNotesController, 'list'),
  mention: { reason: 'addressed to the named users only (audience userIds), each of whom may read the notes route' },
  quickemessage: route(QuickMessagesController, 'page'),
  schedule: route(SchedulesController, 'page'),
  queueIntegration: route(QueueIntegrationsController, 'page'),
  prompt: route(PromptsController, 'list'),
  campaign: route(CampaignsController, 'page'),
  ContactList: route(ContactListsController, 'page'),
  file: route(FilesController, 'page'),
  ContactListItem: route(ContactListItemsController, 'page'),
  payment: route(InvoicesController, 'all'),
  chat: route(ChatsController, 'page'),
  'chat-user': route(ChatsController, 'page'),
};

/** Per-record kinds, each following the route of the fixed kind it belongs to. */
export const LIVE_EVENT_PATTERNS: LiveEventPatterns = [
  { pattern: /^ContactListItem-\d+$/, kind: 'ContactListItem' },
  { pattern: /^chat-user-\d+$/, kind: 'chat-user' },
  { pattern: /^chat-\d+$/, kind: 'chat' },
];

/** The gateway's rules for who hears which live event. */
export function liveEventAccess(): LiveEventAccess {
  return new LiveEventAccess(LIVE_EVENT_ROUTES, LIVE_EVENT_PATTERNS);
}
