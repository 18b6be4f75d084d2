import type { InboundMessageEvent, TicketView } from '@atrium/contracts';
import type { MessageRow } from '../messages/messages.repository.js';
import type { TicketsGroup } from '../shared/tickets-database.js';
import type { Conversation } from './conversation-resolver.js';

/**
 * The inbound transaction as steps (issue 25). Batches of new messages (a batch: one company's)
 * are stored in one transaction, one company's or a group's (InboundMessageBatches: the
 * redeliveries skipped, each message's contact and ticket found or created, the messages
 * inserted); what features do with the stored messages (the tickets' touch, the chatbot, the
 * campaign answers, ...) is a step each, registered in INBOUND_BATCH_STEPS (inbound.module.ts). A
 * new channel or a flow engine adds a step there; the batches' code does not change.
 *
 * A step's life in one transaction: `prepare` before it (reads from other services; undefined:
 * nothing to do for these batches), `stored` in it, side by side with the other steps (their
 * statements share round trips on the pipelined connection, issued in the order the steps are
 * registered), then what its follow-up asks: `viewed` still in the transaction once the touched
 * tickets' views are read, `beforeAnnounce` / `afterAnnounce` after the commit, around the
 * announcement of the batches' contacts, messages and tickets. A step gets every batch of the
 * transaction at once: its statements cover them all (`group.all`, each statement naming its
 * companies), or each company's in its own scope (`group.as`), so a group of many small companies'
 * batches costs a step a few statements, not a few per company.
 */
export interface InboundBatchStep {
  prepare(batches: InboundMessageBatch[]): Promise<InboundStepRun | undefined>;
}

export interface InboundStepRun {
  /** `batches`: those of the transaction's companies that stored new messages. */
  stored(group: TicketsGroup, batches: StoredInboundBatch[]): Promise<InboundStepFollowUp | undefined>;
}

export interface InboundStepFollowUp {
  viewed?(group: TicketsGroup, tickets: ReadonlyMap<number, TicketView>): Promise<void>;
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
