import type { QueueRef } from '../identity/views.js';
import type { WhatsappCloudView } from './cloud.js';
import type { SessionStatusReason, WhatsappProvider, WhatsappStatus } from './status.js';

/** A connection as lists and live session updates show it (spec 000 section 3, "connection summary"). */
export interface WhatsappSummary {
  id: number;
  name: string;
  status: WhatsappStatus;
  /** The QR string to render while status is `qrcode`; empty otherwise (the QR dialog closes on empty). */
  qrcode: string;
  /** A pairing code to type on the phone, while pairing by phone number; empty otherwise. */
  pairingCode: string;
  /** QR codes shown since the session last connected. */
  retries: number;
  /** Why the session is not connected (null when connected or stopped on request). */
  statusReason: SessionStatusReason | null;
  isDefault: boolean;
  provider: WhatsappProvider;
  /** The business number once paired. */
  number: string | null;
  updatedAt: string;
}

/** A connection with every field of the add/edit dialog. */
export interface WhatsappView extends WhatsappSummary {
  companyId: number;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  queueIds: number[];
  /** The same queues with their names and colours (null while the tickets service cannot say). */
  queues: QueueRef[];
  promptId: number | null;
  integrationId: number | null;
  /** The flow run on new conversations (issue 27), null when none. */
  flowId: number | null;
  transferQueueId: number | null;
  timeToTransfer: number | null;
  /** Minutes of inactivity after which an open ticket is closed (0: never). */
  expiresTicket: number;
  /** Sent when a ticket is closed for inactivity. */
  expiresInactiveMessage: string;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  /**
   * The external messaging API's token as its last characters ('…a1b2'), for admins; null when the
   * connection has none (or for other users). The token itself is shown once, when generated
   * (`POST /whatsapp/{id}/token`): only its hash is stored.
   */
  tokenHint: string | null;
  /** Provider `cloud`: the Cloud API account (secrets never shown); null for other providers, and for non-admins. */
  cloud: WhatsappCloudView | null;
  createdAt: string;
}

/** Payload of `company-{id}-whatsapp`. */
export type WhatsappEventPayload = { action: 'update'; whatsapp: WhatsappView } | { action: 'delete'; whatsappId: number };

/** Payload of `company-{id}-whatsappSession`: status, QR code or pairing code changed. */
export interface WhatsappSessionEventPayload {
  action: 'update';
  session: WhatsappSummary;
}

/** What `sessions.whatsapp.by-token` answers (the external messaging API authenticates with it). */
export interface WhatsappTokenOwner {
  id: number;
  companyId: number;
  status: WhatsappStatus;
}

/** `POST /whatsapp/{id}/token`: the connection's new external-API token, shown this once. */
export interface WhatsappTokenView {
  token: string;
  tokenHint: string;
}

/** The fields of a connection the tickets automaton reads (issue 11), kept in tickets' read model of connections. */
export type ConnectionAutomation = Pick<
  WhatsappView,
  | 'greetingMessage'
  | 'complationMessage'
  | 'outOfHoursMessage'
  | 'ratingMessage'
  | 'promptId'
  | 'integrationId'
  | 'flowId'
  | 'expiresTicket'
  | 'expiresInactiveMessage'
  | 'timeUseBotQueues'
  | 'maxUseBotQueues'
>;

/** The automaton's fields of a connection's view. */
export function connectionAutomationOf(view: ConnectionAutomation): ConnectionAutomation {
  return {
    greetingMessage: view.greetingMessage,
    complationMessage: view.complationMessage,
    outOfHoursMessage: view.outOfHoursMessage,
    ratingMessage: view.ratingMessage,
    promptId: view.promptId,
    integrationId: view.integrationId,
    flowId: view.flowId ?? null,
    expiresTicket: view.expiresTicket,
    expiresInactiveMessage: view.expiresInactiveMessage,
    timeUseBotQueues: view.timeUseBotQueues,
    maxUseBotQueues: view.maxUseBotQueues,
  };
}
