import { Inject, Injectable } from '@nestjs/common';
import type { InboundAckEvent, InboundEditEvent, InboundRevokeEvent } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { toMessageView } from '../messages/message.view.js';
import { MessagesRepository, type MessageRow } from '../messages/messages.repository.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { byChannelId, channelId } from './channel-ids.js';
import type { InboundOutcome } from './inbound-handler.js';
import { InboundViews } from './inbound-views.js';

const DONE: InboundOutcome = { outcome: 'done' };

/** Acks, edits and revokes: each updates the stored message it names, announced after the commit. */
@Injectable()
export class InboundMessageChanges {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(InboundViews) private readonly views: InboundViews,
  ) {}

  ack(event: InboundAckEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) =>
      this.messages.raiseAck(tx, event.companyId, event.whatsappId, row.wid!, event.ack, event.error),
    );
  }

  edit(event: InboundEditEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) =>
      row.body === event.body && row.isEdited
        ? Promise.resolve(undefined)
        : this.messages.update(tx, event.companyId, row.id, { body: event.body, isEdited: true }),
    );
  }

  revoke(event: InboundRevokeEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) =>
      row.isDeleted ? Promise.resolve(undefined) : this.messages.update(tx, event.companyId, row.id, { isDeleted: true }),
    );
  }

  /**
   * Several acks in one transaction: the messages found at once, each raised (pipelined, in the
   * events' order), the changed ones read and announced once each. An ack whose message is not
   * stored yet is retried later (`retry`), as alone.
   */
  async raiseAcks(events: InboundAckEvent[]): Promise<InboundOutcome> {
    const companyId = events[0]?.companyId;
    if (companyId === undefined) return DONE;
    if (events.some((event) => event.companyId !== companyId)) throw new Error('a batch of acks spans companies');
    const result = await this.database.withTenant(companyId, async (tx) => {
      const known = byChannelId(
        await this.messages.findByWids(
          tx,
          companyId,
          events.map(({ whatsappId, messageId }) => ({ whatsappId, wid: messageId })),
        ),
      );
      const retry = new Set(events.flatMap((event, i) => (known.has(channelId(event.whatsappId, event.messageId)) ? [] : [i])));
      const found = events.filter((_, i) => !retry.has(i));
      // the delivery acks at once, then the failures (-1 marks only a message not delivered): as applied one by one in any order
      const raised = (
        await Promise.all([
          this.messages.raiseAcks(
            tx,
            companyId,
            found.filter(({ ack }) => ack > 0).map(({ whatsappId, messageId, ack }) => ({ whatsappId, wid: messageId, ack })),
          ),
          ...found
            .filter(({ ack }) => ack <= 0)
            .map(({ whatsappId, messageId, ack, error }) =>
              this.messages.raiseAck(tx, companyId, whatsappId, messageId, ack, error).then((row) => (row ? [row] : [])),
            ),
        ])
      ).flat();
      const changed = [...new Set(raised.flatMap((row) => (row ? [row.id] : [])))];
      if (changed.length === 0) return { retry, updated: [] };
      const [records, tickets] = await Promise.all([
        this.messages.records(tx, companyId, changed),
        this.views.tickets(
          tx,
          companyId,
          raised.flatMap((row) => (row ? [row.ticketId] : [])),
        ),
      ]);
      return {
        retry,
        updated: records.map((record) => ({ message: toMessageView(record), ticket: tickets.get(record.message.ticketId)! })),
      };
    });
    return {
      outcome: 'done',
      retry: result.retry,
      announce: () => {
        for (const updated of result.updated) this.views.announceUpdated(updated);
      },
    };
  }

  /**
   * Applies a change to a stored message and announces it. A message not stored yet (its send is
   * still being recorded, or another replica is storing it) is retried later; a change that
   * changes nothing (a repeated ack) is acknowledged silently.
   */
  private async changeMessage(
    event: InboundAckEvent | InboundEditEvent | InboundRevokeEvent,
    apply: (tx: TicketsTx, row: MessageRow) => Promise<MessageRow | undefined>,
  ): Promise<InboundOutcome> {
    const { companyId, whatsappId, messageId } = event;
    const result = await this.database.withTenant(companyId, async (tx) => {
      const row = (await this.messages.findByWids(tx, companyId, [{ whatsappId, wid: messageId }]))[0];
      if (!row) return 'missing' as const;
      const changed = await apply(tx, row);
      return changed ? this.views.updated(tx, changed) : undefined;
    });
    if (result === 'missing') return { outcome: 'retry' };
    return result ? { outcome: 'done', announce: () => this.views.announceUpdated(result) } : DONE;
  }
}
