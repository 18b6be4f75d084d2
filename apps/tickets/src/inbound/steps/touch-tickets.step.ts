import { Inject, Injectable } from '@nestjs/common';
import { companiesOfGroup } from '@atrium/database';
import { lastMessageText } from '../../messages/media-type.js';
import type { MessageRow } from '../../messages/messages.repository.js';
import type { TicketsGroup } from '../../shared/tickets-database.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import type { InboundBatchStep, InboundStepRun, StoredInboundBatch } from '../inbound-batch-step.js';

export interface TicketTouch {
  id: number;
  lastMessage: string;
  unread: number;
  ours: boolean;
}

/** Each ticket's new last message and how many of the new messages the customer wrote. */
export function touches(rows: Pick<MessageRow, 'ticketId' | 'mediaType' | 'body' | 'mediaName' | 'fromMe'>[]): TicketTouch[] {
  const byTicket = new Map<number, TicketTouch>();
  for (const row of rows) {
    const touch = byTicket.get(row.ticketId) ?? { id: row.ticketId, lastMessage: '', unread: 0, ours: false };
    touch.lastMessage = lastMessageText(row.mediaType, row.body, row.mediaName);
    touch.ours = row.fromMe;
    if (!row.fromMe) touch.unread += 1;
    byTicket.set(row.ticketId, touch);
  }
  return [...byTicket.values()];
}

/** Inbound step: the tickets the batches' messages went to take their last message, unread count and time. */
@Injectable()
export class TouchTicketsStep implements InboundBatchStep {
  private readonly run: InboundStepRun = {
    stored: async (group: TicketsGroup, batches: StoredInboundBatch[]) => {
      await this.tickets.touchMany(
        group.all,
        companiesOfGroup(group),
        touches(batches.flatMap(({ messages }) => messages.map(({ row }) => row))),
      );
      return undefined;
    },
  };

  constructor(@Inject(TicketsRepository) private readonly tickets: TicketsRepository) {}

  prepare(): Promise<InboundStepRun> {
    return Promise.resolve(this.run);
  }
}
