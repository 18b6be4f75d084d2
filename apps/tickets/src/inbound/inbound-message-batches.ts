import { Inject, Injectable } from '@nestjs/common';
import type { InboundMessageEvent, MessageView } from '@atrium/contracts';
import { CompanySettings } from '@atrium/kernel';
import type { TenantScope } from '@atrium/database';
import { DATABASE } from '@atrium/service-kit';
import type { TicketsSchema } from '../db/schema.js';
import { MessagesRepository, type MessageRow } from '../messages/messages.repository.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { byChannelId, channelId } from './channel-ids.js';
import { ConversationResolver } from './conversation-resolver.js';
import {
  INBOUND_BATCH_STEPS,
  type InboundBatchStep,
  type InboundStepFollowUp,
  type InboundStepRun,
  type StoredInboundMessage,
} from './inbound-batch-step.js';
import type { InboundOutcome } from './inbound-handler.js';
import { InboundViews, type CreatedMessages, type UpdatedMessage } from './inbound-views.js';

const DONE: InboundOutcome = { outcome: 'done' };

/** What a batch's transaction leaves to do after the commit. */
interface StoredBatch {
  /** Messages stored before (redeliveries), announced again. */
  again: UpdatedMessage[];
  created?: CreatedMessages;
  followUps?: InboundStepFollowUp[];
}

/**
 * Stores a batch of one company's new messages in one transaction of a few statements: the ones
 * already stored (redeliveries) and repeats within the batch are skipped; each keeps the batch's
 * order; each finds or creates its contact and ticket (ConversationResolver). What features do
 * with the stored messages are the registered steps (inbound-batch-step.ts). Announced after the
 * commit: new contacts, each message, each touched ticket once.
 */
@Injectable()
export class InboundMessageBatches {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(ConversationResolver) private readonly conversations: ConversationResolver,
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(InboundViews) private readonly views: InboundViews,
    @Inject(INBOUND_BATCH_STEPS) private readonly steps: InboundBatchStep[],
  ) {}

  /** `shared` runs the work in the caller's transaction of several companies (`withTenants`): the caller commits. */
  async store(batch: InboundMessageEvent[], shared?: TenantScope<TicketsSchema>): Promise<InboundOutcome> {
    const companyId = batch[0]?.companyId;
    if (companyId === undefined) return DONE;
    if (batch.some((event) => event.companyId !== companyId)) throw new Error('a batch of inbound messages spans companies');
    const ignoreGroups =
      batch.some((event) => event.message.chat.isGroup) && (await this.settings.of(companyId)).CheckMsgIsGroup === 'enabled';
    const wanted = batch.filter((event) => !(ignoreGroups && event.message.chat.isGroup));
    if (wanted.length === 0) return DONE;
    const runs = (await Promise.all(this.steps.map((step) => step.prepare({ companyId, events: wanted })))).filter(
      (run): run is InboundStepRun => run !== undefined,
    );
    const stored = await (shared ?? this.database.withTenant.bind(this.database))(companyId, async (tx): Promise<StoredBatch> => {
      const known = byChannelId(
        await this.messages.findByWids(
          tx,
          companyId,
          wanted.flatMap(({ whatsappId, message }) => [
            { whatsappId, wid: message.id },
            ...(message.quotedId ? [{ whatsappId, wid: message.quotedId }] : []),
          ]),
        ),
      );
      const again = await this.storedBefore(tx, wanted, known);
      const fresh = [
        ...new Map(
          wanted.filter((e) => !known.has(channelId(e.whatsappId, e.message.id))).map((e) => [channelId(e.whatsappId, e.message.id), e]),
        ).values(),
      ];
      if (fresh.length === 0) return { again };
      const resolved = await this.conversations.resolve(
        tx,
        companyId,
        fresh.map(({ whatsappId, message }) => ({
          whatsappId,
          chat: message.chat,
          from: message.from,
          fromMe: message.fromMe,
          sentAt: message.timestamp,
        })),
      );
      const { conversations } = resolved;
      const rows = byChannelId(
        await this.messages.insertManyIfAbsent(
          tx,
          fresh.map(({ whatsappId, message }, i) => ({
            companyId,
            ticketId: conversations[i]!.ticket.id,
            contactId: (conversations[i]!.author ?? conversations[i]!.contact).id,
            whatsappId,
            wid: message.id,
            body: message.body,
            fromMe: message.fromMe,
            read: message.fromMe,
            mediaType: message.mediaType,
            mediaPath: message.media?.path ?? null,
            mediaName: message.media?.filename ?? null,
            quotedMsgId: message.quotedId ? (known.get(channelId(whatsappId, message.quotedId))?.id ?? null) : null,
            ack: message.fromMe ? 1 : 0,
          })),
        ),
      );
      // a concurrent delivery of the same message stored it: not ours to announce
      const inserted: StoredInboundMessage[] = fresh.flatMap((event, i) => {
        const row = rows.get(channelId(event.whatsappId, event.message.id));
        return row ? [{ event, row, conversation: conversations[i]! }] : [];
      });
      if (inserted.length === 0) return { again };
      await this.linkQuotesWithinBatch(tx, inserted, rows);
      // the steps side by side, in their order (their statements share round trips on the
      // transaction's pipelined connection); each works on the rows in hand, not on what another wrote
      const followUps = (await Promise.all(runs.map((run) => run.stored(tx, { companyId, messages: inserted })))).filter(
        (followUp): followUp is InboundStepFollowUp => followUp !== undefined,
      );
      const tickets = await this.views.tickets(
        tx,
        companyId,
        inserted.map(({ row }) => row.ticketId),
      );
      for (const followUp of followUps) await followUp.viewed?.(tx, tickets);
      const messageViews: MessageView[] = [];
      for (const { event, row, conversation } of inserted) {
        const quoted = event.message.quotedId
          ? (known.get(channelId(event.whatsappId, event.message.quotedId)) ??
            rows.get(channelId(event.whatsappId, event.message.quotedId)))
          : undefined;
        messageViews.push(await this.views.messageView(tx, conversation, row, quoted));
      }
      const created: CreatedMessages = {
        messages: messageViews,
        tickets,
        contacts: await this.views.contactViewsOf(tx, companyId, resolved),
      };
      return { again, created, followUps };
    });
    const { again, created, followUps } = stored;
    if (again.length === 0 && !created) return DONE;
    return {
      outcome: 'done',
      announce: () => {
        for (const message of again) this.views.announceAgain(message);
        if (!created) return;
        for (const followUp of followUps ?? []) followUp.beforeAnnounce?.();
        this.views.announceCreated(created);
        for (const followUp of followUps ?? []) followUp.afterAnnounce?.();
      },
    };
  }

  /**
   * A customer's messages this batch brings again that are stored already: a redelivery, after
   * the process that stored them may have died between its commit and its announcement. Their
   * create is announced again (clients keep one message per id), or an agent would never see them.
   */
  private async storedBefore(tx: TicketsTx, batch: InboundMessageEvent[], known: Map<string, MessageRow>): Promise<UpdatedMessage[]> {
    const rows = new Map<number, MessageRow>();
    for (const { whatsappId, message } of batch) {
      const row = message.fromMe ? undefined : known.get(channelId(whatsappId, message.id));
      if (row) rows.set(row.id, row);
    }
    return Promise.all([...rows.values()].map((row) => this.views.updated(tx, row)));
  }

  /** A reply to a message of the same batch learns its quoted message's id once both are stored. */
  private async linkQuotesWithinBatch(tx: TicketsTx, inserted: StoredInboundMessage[], rows: Map<string, MessageRow>) {
    for (const entry of inserted) {
      const { quotedId } = entry.event.message;
      if (!quotedId || entry.row.quotedMsgId !== null) continue;
      const quoted = rows.get(channelId(entry.event.whatsappId, quotedId));
      if (quoted) entry.row = (await this.messages.update(tx, entry.row.companyId, entry.row.id, { quotedMsgId: quoted.id })) ?? entry.row;
    }
  }
}
