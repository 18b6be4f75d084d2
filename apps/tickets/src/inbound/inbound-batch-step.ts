import type { InboundMessageEvent, TicketView } from '@atrium/contracts';
import type { MessageRow } from '../messages/messages.repository.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import type { Conversation } from './conversation-resolver.js';

/**
 * The inbound transaction as steps (issue 25). A batch of one company's new messages is stored in
 * one transaction (InboundMessageBatches: the redeliveries skipped, each message's contact and
 * ticket found or created, the messages inserted); what features do with the stored messages
 * (the tickets' touch, the chatbot, the campaign answers, ...) is a step each, registered in
 * INBOUND_BATCH_STEPS (inbound.module.ts). A new channel or a flow engine adds a step there; the
 * batch's code does not change.
 *
 * A step's life in one batch: `prepare` before the transaction (reads from other services;
 * undefined: nothing to do in this batch), `stored` in the transaction, side by side with the
 * other steps (their statements share round trips on the pipelined connection, issued in the
 * order the steps are registered), then what its follow-up asks: `viewed` still in the
 * transaction once the touched tickets' views are read, `beforeAnnounce` / `afterAnnounce` after
 * the commit, around the announcement of the batch's contacts, messages and tickets.
 */
export interface InboundBatchStep {
  prepare(batch: InboundMessageBatch): Promise<InboundStepRun | undefined>;
}

export interface InboundStepRun {
  stored(tx: TicketsTx, batch: StoredInboundBatch): Promise<InboundStepFollowUp | undefined>;
}

export interface InboundStepFollowUp {
  viewed?(tx: TicketsTx, tickets: ReadonlyMap<number, TicketView>): Promise<void>;
  beforeAnnounce?(): void;
  afterAnnounce?(): void;
}

/** The batch's messages to store (groups left out when the company ignores them). */
export interface InboundMessageBatch {
  companyId: number;
  events: InboundMessageEvent[];
}

/** A message of the batch this transaction stored, with its conversation (contact, ticket, the group's author). */
export interface StoredInboundMessage {
  event: InboundMessageEvent;
  row: MessageRow;
  conversation: Conversation;
}

/** The messages the batch's transaction stored (not the redeliveries), in the batch's order. */
export interface StoredInboundBatch {
  companyId: number;
  messages: StoredInboundMessage[];
}

/** The steps of the inbound transaction, in their order (inbound.module.ts). */
export const INBOUND_BATCH_STEPS = Symbol('INBOUND_BATCH_STEPS');
