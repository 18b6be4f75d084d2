import { Inject, Injectable } from '@nestjs/common';
import type { InboundAckEvent, InboundEvent, InboundMessageEvent } from '@atrium/contracts';
import { InboundCalls } from './inbound-calls.js';
import { InboundMessageBatches } from './inbound-message-batches.js';
import { InboundMessageChanges } from './inbound-message-changes.js';

/**
 * What became of an event: `done` (committed, or nothing to do: acknowledge it, then run
 * `announce`; `retry` names the events of a batch to redeliver a little later), or `retry` (it
 * refers to a message not stored yet: redeliver it a little later).
 */
export type InboundOutcome = { outcome: 'done'; announce?: () => void; retry?: Set<number> } | { outcome: 'retry' };

/**
 * Turns events of the INBOUND stream into tickets-service state: a batch of one company's messages
 * in one transaction (InboundMessageBatches, whose steps features register), any other event in
 * one of its own. Messages and calls find or create their contact and ticket and are stored once
 * (their channel id is unique per connection); acks, edits and revokes update the stored message
 * (InboundMessageChanges). Events are announced to sockets only after the commit (the consumer
 * acknowledges first).
 */
@Injectable()
export class InboundHandler {
  constructor(
    @Inject(InboundMessageBatches) private readonly batches: InboundMessageBatches,
    @Inject(InboundMessageChanges) private readonly changes: InboundMessageChanges,
    @Inject(InboundCalls) private readonly calls: InboundCalls,
  ) {}

  handle(event: InboundEvent): Promise<InboundOutcome> {
    switch (event.type) {
      case 'message':
        return this.storeMessages([event]);
      case 'ack':
        return this.changes.ack(event);
      case 'edit':
        return this.changes.edit(event);
      case 'revoke':
        return this.changes.revoke(event);
      case 'call':
        return this.calls.handle(event);
    }
  }

  /** Stores a batch of one company's new messages in one transaction (InboundMessageBatches). */
  storeMessages(batch: InboundMessageEvent[]): Promise<InboundOutcome> {
    return this.batches.store(batch);
  }

  /** Stores several companies' batches (one each) in one transaction of their group: all, or none (it throws). */
  storeMessagesTogether(batches: InboundMessageEvent[][]): Promise<InboundOutcome> {
    return this.batches.storeTogether(batches);
  }

  /** Raises several acks of one company in one transaction (InboundMessageChanges). */
  raiseAcks(events: InboundAckEvent[]): Promise<InboundOutcome> {
    return this.changes.raiseAcks(events);
  }
}
