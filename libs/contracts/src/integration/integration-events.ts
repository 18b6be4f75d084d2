import type { AuditRecorded } from '../audit/audit-log.js';
import type { QueueRefRecord, UserRefRecord } from '../read-models.js';
import type { StreamDefinition } from '../streams.js';
import type { TicketBotReleased, TicketMessageHandedToBot } from '../tickets/bot-handoff.js';
import type { CampaignMessageAnswered } from '../tickets/campaign-messages.js';

/**
 * Integration events: facts one service states for the others to act on (ARCHITECTURE rule 4),
 * as opposed to live events (events/domain-event.ts), which only feed sockets and may be lost.
 * They travel on the durable `INTEGRATION` JetStream stream, subject
 * `integration.<name>.<companyId>`; every service that handles any of them has one durable
 * consumer, shared by its replicas (libs/messaging integration-events.ts). Delivery is at least
 * once: handlers must give the same result when an event arrives twice.
 */
export const INTEGRATION_STREAM = {
  name: 'INTEGRATION',
  subjectRoot: 'integration',
  maxAgeSeconds: 7 * 24 * 3600,
  duplicateWindowSeconds: 10 * 60,
} as const satisfies StreamDefinition;

/**
 * Event name -> payload. The company is on the envelope, not in the payload. Add an event here
 * (named `<owner's entity>.<past tense>`) and both its publisher and its handlers type-check.
 */
export interface IntegrationEventMap {
  /** identity: a user was created or renamed (tickets' read model of users). */
  'user.saved': { user: Pick<UserRefRecord, 'id' | 'name'> };
  /**
   * identity: a user's two-factor login was turned on or off, by the user (enabled, disabled) or by
   * a super user (reset), committed with the change (for the audit log; issue 28).
   */
  /** identity: a user was deleted (tickets releases their open tickets). */
  'user.deleted': { userId: number };
  /** tickets: a queue was created or changed (identity's read model of queues). */
  'queue.saved': { queue: Pick<QueueRefRecord, 'id' | 'name' | 'color'> };
  /** tickets: a queue was deleted (identity drops it from its members' queues). */
  'queue.deleted': { queueId: number };
  /** ai: a prompt was deleted (tickets clears it from queues, sessions from connections). */
  'prompt.deleted': { promptId: number };
  /** ai: a queue integration was deleted (tickets clears it from queues, sessions from connections). */
  'queueIntegration.deleted': { integrationId: number };
  /** ai: a flow was deleted (tickets clears it from queues, sessions from connections). */
  'flow.deleted': { flowId: number };
  /** tickets: a customer message on a bot-driven ticket, for the ai service to answer (tickets/bot-handoff.ts). */
  'ticketMessage.handedToBot': TicketMessageHandedToBot;
  /** tickets: the bot must stop on this ticket (an agent took it, or it was transferred or closed). */
  'ticket.botReleased': TicketBotReleased;
  /** tickets: a recipient answered a campaign's confirmation request (campaigns sends the confirmed message). */
  'campaignMessage.answered': CampaignMessageAnswered;
  /** identity: a company was created, by signup or by a super user (billing issues its first invoice if it falls due soon). */
  'company.created': CompanySubscription;
  /** identity: a company's plan or due date changed (billing issues or corrects the invoice of its period). */
  'company.subscriptionChanged': CompanySubscription;
  /** any service: an admin's or super user's change, or a login event, for identity's audit log (docs/adr/023). */
  'audit.recorded': AuditRecorded;
}

/** A company's billing terms as they were when the event was stated; handlers read the current ones. */
export interface CompanySubscription {
  planId: number;
  dueDate: string | null;
}

export type IntegrationEventName = keyof IntegrationEventMap;

export interface IntegrationEvent<N extends IntegrationEventName = IntegrationEventName> {
  /** Unique per happening; the de-duplication id (`Nats-Msg-Id`) and what a processed-events table would record. */
  id: string;
  name: N;
  companyId: number;
  /** ISO time the publisher stated it (after its change committed). */
  occurredAt: string;
  payload: IntegrationEventMap[N];
}

/** `integration.<name>.<companyId>`, without the subject prefix. */
export function integrationSubject(name: IntegrationEventName, companyId: number): string {
  return `${INTEGRATION_STREAM.subjectRoot}.${name}.${companyId}`;
}
