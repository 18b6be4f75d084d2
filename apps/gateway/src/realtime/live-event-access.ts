import { Reflector } from '@nestjs/core';
import type { LiveEventKind, PlanFlag } from '@atrium/contracts';
import type { AccessRule } from '../auth/access-rules.js';
import { REQUIRED_PLAN_FLAG, REQUIRED_ROLE, type RequiredRole } from '../auth/decorators.js';
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
import { TicketsController } from '../tickets/tickets.controller.js';

type Controller = abstract new (...args: never[]) => object;

/** The route that reads what an event announces: its controller and handler (the GET the event's list stands for). */
export interface ReadRoute<C extends Controller = Controller> {
  controller: C;
  handler: keyof InstanceType<C> & string;
}

/** Why a live event has no route to follow (its audience names its receivers, or it is never emitted). */
export interface NoRoute {
  reason: string;
}

function route<C extends Controller>(controller: C, handler: keyof InstanceType<C> & string): ReadRoute {
  return { controller, handler } as ReadRoute;
}

/** The kinds with a fixed name (`company-{id}-<kind>`); the per-record ones (`chat-{id}`, ...) are in LIVE_EVENT_PATTERNS. */
type FixedKind = LiveEventKind extends infer K ? (K extends `${string}-${number}` ? never : K) : never;

/**
 * Every live event and the route whose role and plan rules decide who receives it: a socket gets
 * an event only when its user may call that route (issue 24: an agent, refused on
 * /queueIntegration, heard its events with their n8n URLs). The type makes every fixed kind of
 * LiveEventPayloads appear here; a kind without a route says why.
 */
export const LIVE_EVENT_ROUTES: Readonly<Record<FixedKind, ReadRoute | NoRoute>> = {
  auth: { reason: 'addressed to the logged-in-elsewhere user only (audience userIds)' },
  sessionEnded: { reason: 'internal: never emitted to sockets' },
  user: route(UsersController, 'list'),
  settings: route(SettingsController, 'list'),
  announcement: route(AnnouncementsController, 'page'),
  whatsapp: route(WhatsappController, 'list'),
  whatsappSession: route(WhatsappController, 'list'),
  queue: route(QueuesController, 'list'),
  contact: route(ContactsController, 'page'),
  ticket: route(TicketsController, 'page'),
  appMessage: route(TicketsController, 'page'),
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
export const LIVE_EVENT_PATTERNS: ReadonlyArray<{ pattern: RegExp; kind: FixedKind }> = [
  { pattern: /^ContactListItem-\d+$/, kind: 'ContactListItem' },
  { pattern: /^chat-user-\d+$/, kind: 'chat-user' },
  { pattern: /^chat-\d+$/, kind: 'chat' },
];

/** The fixed kind whose route an event follows, or undefined for a kind this table does not know. */
export function liveKindOf(kind: string): FixedKind | undefined {
  if (Object.hasOwn(LIVE_EVENT_ROUTES, kind)) return kind as FixedKind;
  return LIVE_EVENT_PATTERNS.find(({ pattern }) => pattern.test(kind))?.kind;
}

const reflector = new Reflector();

/** The `@Roles` and `@RequiresPlan` of a route, as the guards read them (handler first, then its controller). */
export function accessRuleOf({ controller, handler }: ReadRoute): AccessRule {
  const method = (controller.prototype as Record<string, unknown>)[handler] as () => unknown;
  const targets = [method, controller];
  return {
    role: reflector.getAllAndOverride<RequiredRole | undefined>(REQUIRED_ROLE, targets),
    plan: reflector.getAllAndOverride<PlanFlag | undefined>(REQUIRED_PLAN_FLAG, targets),
  };
}

const rules = new Map<FixedKind, AccessRule>();

/**
 * The rule a live event's receivers must meet: its route's, nothing more for a kind without a
 * route, and `null` (nobody) for a kind the table does not know, so a new event is not heard
 * until someone says who may hear it.
 */
export function liveEventRule(kind: string): AccessRule | null {
  const fixed = liveKindOf(kind);
  if (fixed === undefined) return null;
  let rule = rules.get(fixed);
  if (!rule) {
    const entry = LIVE_EVENT_ROUTES[fixed];
    rule = 'reason' in entry ? {} : accessRuleOf(entry);
    rules.set(fixed, rule);
  }
  return rule;
}
