import type { AnnouncementEventPayload, SessionEndedPayload, SettingView, UserEventPayload } from '../identity/views.js';
import type { WhatsappEventPayload, WhatsappSessionEventPayload } from '../sessions/views.js';
import type { ScheduleEventPayload } from '../campaigns/schedules.js';
import type { QueueIntegrationEventPayload } from '../ai/queue-integrations.js';
import type { PromptEventPayload } from '../ai/prompts.js';
import type { CampaignEventPayload } from '../campaigns/campaigns.js';
import type { ContactListEventPayload, ContactListItemEventPayload } from '../campaigns/contact-lists.js';
import type { FileListEventPayload } from '../campaigns/file-lists.js';
import type { ChatEventPayload } from '../chats/events.js';
import type { PaymentEventPayload } from '../billing/views.js';
import type {
  AppMessageEventPayload,
  ContactEventPayload,
  MentionEventPayload,
  QueueEventPayload,
  QuickMessageEventPayload,
  TicketEventPayload,
  TicketNoteEventPayload,
} from '../tickets/events.js';
import type { CompanyGrants } from '../identity/permissions.js';
import type { DomainEvent } from './domain-event.js';

/** `company-{id}-auth`: the user logged in elsewhere ('Sua conta foi acessada em outro computador.'). */
export interface AuthEventPayload {
  action: 'update';
  user: { id: number };
}

/** `company-{id}-settings`: one setting changed. */
export interface SettingsEventPayload {
  action: 'update';
  setting: SettingView;
}

/** `company-{id}-permissions`: an admin changed what a profile may do (the gateways drop their cached grants; clients re-read /auth/me). */
export interface PermissionsEventPayload {
  action: 'update';
  grants: CompanyGrants;
}

/**
 * Every live event's payload by kind, declared once: the services publish them (EventBus), the
 * gateway's fan-out reads the ones it acts on (`user`), and the web's realtime layer subscribes
 * by kind, so a renamed field fails the type check in all three. Socket names are
 * `company-{companyId}-{kind}` (`company-{kind}` for platform-wide ones), spec 000 section 7.
 */
export interface LiveEventPayloads {
  auth: AuthEventPayload;
  user: UserEventPayload;
  settings: SettingsEventPayload;
  permissions: PermissionsEventPayload;
  announcement: AnnouncementEventPayload;
  whatsapp: WhatsappEventPayload;
  whatsappSession: WhatsappSessionEventPayload;
  queue: QueueEventPayload;
  contact: ContactEventPayload;
  ticket: TicketEventPayload;
  appMessage: AppMessageEventPayload;
  /** `company-{id}-ticketNote`: private notes shown inline in the conversation. */
  ticketNote: TicketNoteEventPayload;
  /** `company-{id}-mention`: the user was named in a note (to that user only). */
  mention: MentionEventPayload;
  /** Spelled as the spec spells it. */
  quickemessage: QuickMessageEventPayload;
  /** Internal (never emitted to sockets): a login ended; the gateways drop its sockets (SESSION_ENDED_EVENT). */
  sessionEnded: SessionEndedPayload;
  /** `company-{id}-schedule`. */
  schedule: ScheduleEventPayload;
  /** `company-{id}-queueIntegration`. */
  queueIntegration: QueueIntegrationEventPayload;
  /** `company-{id}-prompt`. */
  prompt: PromptEventPayload;
  /** `company-{id}-campaign`: campaigns saved, deleted, and their progress (throttled). */
  campaign: CampaignEventPayload;
  /** `company-{id}-ContactList` (spelled as the spec spells it): lists and their imports' progress. */
  ContactList: ContactListEventPayload;
  /** `company-{id}-file`: file lists. */
  file: FileListEventPayload;
  /** `company-{id}-ContactListItem`, ... */
  ContactListItem: ContactListItemEventPayload;
  /** ... and one list's (`ContactListItem-{listId}`), for its items page. */
  [oneList: `ContactListItem-${number}`]: ContactListItemEventPayload;
  /** `company-{id}-payment`: an invoice was paid and the license renewed (action CONCLUIDA). */
  payment: PaymentEventPayload;
  /** Internal chat (CHAT_EVENT_KINDS): every change of the user's chats, ... */
  chat: ChatEventPayload;
  /** ... a chat the user was added to or whose record changed, ... */
  'chat-user': ChatEventPayload;
  /** ... the same per member (`chat-user-{userId}`, to that user only), as older clients listen, ... */
  [oneMember: `chat-user-${number}`]: ChatEventPayload;
  /** ... and the open conversation's messages and record (`chat-{chatId}`). */
  [oneChat: `chat-${number}`]: ChatEventPayload;
}

export type LiveEventKind = keyof LiveEventPayloads;

/** A live event whose kind decides its payload (a union over kinds, narrowed by `kind`). */
export type LiveEvent<K extends LiveEventKind = LiveEventKind> = {
  [P in K]: Omit<DomainEvent<LiveEventPayloads[P]>, 'kind'> & { kind: P };
}[K];

/** Narrows an event read off NATS to the declared payload of its kind. */
export function isLiveEvent<K extends LiveEventKind>(event: DomainEvent, kind: K): event is DomainEvent & LiveEvent<K> {
  return event.kind === kind;
}
