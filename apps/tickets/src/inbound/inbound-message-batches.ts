import { Inject, Injectable } from '@nestjs/common';
import type { InboundMessageEvent, MessageView } from '@atrium/contracts';
import { CompanySettings } from '@atrium/kernel';
import { companiesOfGroup, tenantGroupOf } from '@atrium/database';
import { DATABASE } from '@atrium/service-kit';
import { MessagesRepository, type MessageRow } from '../messages/messages.repository.js';
import type { TicketsDatabase, TicketsGroup } from '../shared/tickets-database.js';
import { byChannelId, channelId } from './channel-ids.js';
import { ConversationResolver, type InboundParty } from './conversation-resolver.js';
import {
  INBOUND_BATCH_STEPS,
  type InboundBatchStep,
  type InboundMessageBatch,
  type InboundStepFollowUp,
  type InboundStepRun,
  type StoredInboundBatch,
  type StoredInboundMessage,
} from './inbound-batch-step.js';
import type { InboundOutcome } from './inbound-handler.js';
import { InboundViews, type CreatedMessages, type UpdatedMessage } from './inbound-views.js';

const DONE: InboundOutcome = { outcome: 'done' };

function partyOf({ whatsappId, message }: InboundMessageEvent): InboundParty {
  return { whatsappId, chat: message.chat, from: message.from, fromMe: message.fromMe, sentAt: message.timestamp };
}

/** The batches to store (groups left out where their company ignores them) and the steps' runs, read before the transaction. */
interface PreparedBatches {
  batches: InboundMessageBatch[];
  runs: InboundStepRun[];
}

/** What the transaction leaves to do after the commit. */
interface StoredBatches {
  /** Messages stored before (redeliveries), announced again. */
  again: UpdatedMessage[];
  /** Each company's created contacts, messages and touched tickets. */
  created: CreatedMessages[];
  followUps: InboundStepFollowUp[];
}

/**
 * Stores batches of new messages in one transaction of a few statements, a batch being one
 * company's messages: one company's (`store`, its own transaction) or several companies' side by
 * side (`storeTogether`, a transaction of their group: `Database.withTenantGroup`), where the
 * statements cover every company of the group at once, so a message costs the same whether its
 * company's batch is alone or one of many small ones (bench/HISTORY.md, inbound.mjs). The ones
 * already stored (redeliveries) and repeats within a batch are skipped; each keeps its batch's
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

  /** One company's batch in a transaction of its own. */
  async store(batch: InboundMessageEvent[]): Promise<InboundOutcome> {
    const prepared = await this.prepare([batch]);
    return prepared ? this.storeAlone(prepared) : DONE;
  }

  /** Several companies' batches (one each) in one transaction of their group; all stored, or none (it throws). */
  async storeTogether(batches: InboundMessageEvent[][]): Promise<InboundOutcome> {
    const prepared = await this.prepare(batches);
    if (!prepared) return DONE;
    const companyIds = prepared.batches.map(({ companyId }) => companyId);
    if (new Set(companyIds).size !== companyIds.length) throw new Error('two batches of one company stored together');
    if (companyIds.length === 1) return this.storeAlone(prepared);
    return this.outcome(await this.database.withTenantGroup(companyIds, (group) => this.storeIn(group, prepared)));
  }

  /** Prepared batches of one company, in a transaction of its own. */
  private async storeAlone(prepared: PreparedBatches): Promise<InboundOutcome> {
    const { companyId } = prepared.batches[0]!;
    return this.outcome(await this.database.withTenant(companyId, (tx) => this.storeIn(tenantGroupOf(companyId, tx), prepared)));
  }

  /** Before the transaction: the batches to store and the steps' runs; undefined when none is left. */
  private async prepare(eventBatches: InboundMessageEvent[][]): Promise<PreparedBatches | undefined> {
    const batches: InboundMessageBatch[] = [];
    for (const events of eventBatches) {
      const companyId = events[0]?.companyId;
      if (companyId === undefined) continue;
      if (events.some((event) => event.companyId !== companyId)) throw new Error('a batch of inbound messages spans companies');
      const ignoreGroups =
        events.some((event) => event.message.chat.isGroup) && (await this.settings.of(companyId)).CheckMsgIsGroup === 'enabled';
      const wanted = events.filter((event) => !(ignoreGroups && event.message.chat.isGroup));
      if (wanted.length > 0) batches.push({ companyId, events: wanted });
    }
    if (batches.length === 0) return undefined;
    const runs = (await Promise.all(this.steps.map((step) => step.prepare(batches)))).filter(
      (run): run is InboundStepRun => run !== undefined,
    );
    return { batches, runs };
  }

  private async storeIn(group: TicketsGroup, { batches, runs }: PreparedBatches): Promise<StoredBatches> {
    const partiesOf = (eventsOf: Iterable<[number, InboundMessageEvent[]]>) =>
      new Map([...eventsOf].map(([companyId, events]) => [companyId, events.map(partyOf)]));
    // the messages stored already and the contacts of every message's customer, side by side
    const [knownRows, contacts] = await Promise.all([
      this.messages.findByCompanyWids(
        group.all,
        batches.flatMap(({ companyId, events }) =>
          events.flatMap(({ whatsappId, message }) => [
            { companyId, whatsappId, wid: message.id },
            ...(message.quotedId ? [{ companyId, whatsappId, wid: message.quotedId }] : []),
          ]),
        ),
      ),
      this.conversations.storedContacts(group, partiesOf(batches.map(({ companyId, events }) => [companyId, events]))),
    ]);
    const known = byChannelId(knownRows);
    const again = await this.storedBefore(
      group,
      batches.flatMap(({ events }) => events),
      known,
    );
    // each batch's messages not stored yet, once each (a connection's channel ids are its company's alone)
    const freshOf = new Map<number, InboundMessageEvent[]>();
    for (const { companyId, events } of batches) {
      const fresh = [
        ...new Map(
          events.filter((e) => !known.has(channelId(e.whatsappId, e.message.id))).map((e) => [channelId(e.whatsappId, e.message.id), e]),
        ).values(),
      ];
      if (fresh.length > 0) freshOf.set(companyId, fresh);
    }
    if (freshOf.size === 0) return { again, created: [], followUps: [] };
    const { byCompany: resolved, recordWindows } = await this.conversations.resolveGroup(group, partiesOf(freshOf), contacts);
    const pending = [...freshOf].flatMap(([companyId, fresh]) =>
      fresh.map((event, i) => ({ companyId, event, conversation: resolved.get(companyId)!.conversations[i]! })),
    );
    const [inserted] = await Promise.all([
      this.messages.insertManyIfAbsent(
        group.all,
        pending.map(({ companyId, event: { whatsappId, message }, conversation }) => ({
          companyId,
          ticketId: conversation.ticket.id,
          contactId: (conversation.author ?? conversation.contact).id,
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
      recordWindows(),
    ]);
    const rows = byChannelId(inserted);
    // a concurrent delivery of the same message stored it: not ours to announce
    const stored: StoredInboundBatch[] = [];
    for (const companyId of freshOf.keys()) {
      const messages: StoredInboundMessage[] = pending.flatMap(({ companyId: company, event, conversation }) => {
        const row = company === companyId ? rows.get(channelId(event.whatsappId, event.message.id)) : undefined;
        return row ? [{ event, row, conversation }] : [];
      });
      if (messages.length > 0) stored.push({ companyId, messages });
    }
    if (stored.length === 0) return { again, created: [], followUps: [] };
    await this.linkQuotesWithinBatch(
      group,
      stored.flatMap(({ messages }) => messages),
      rows,
    );
    // the steps side by side, in their order (their statements share round trips on the
    // transaction's pipelined connection); each works on the rows in hand, not on what another wrote
    const followUps = (await Promise.all(runs.map((run) => run.stored(group, stored)))).filter(
      (followUp): followUp is InboundStepFollowUp => followUp !== undefined,
    );
    const tickets = await this.views.tickets(
      group.all,
      companiesOfGroup(group),
      stored.flatMap(({ messages }) => messages.map(({ row }) => row.ticketId)),
    );
    for (const followUp of followUps) await followUp.viewed?.(group, tickets);
    const created = await Promise.all(
      stored.map(async ({ companyId, messages }): Promise<CreatedMessages> => {
        const messageViews: MessageView[] = [];
        for (const { event, row, conversation } of messages) {
          const quoted = event.message.quotedId
            ? (known.get(channelId(event.whatsappId, event.message.quotedId)) ??
              rows.get(channelId(event.whatsappId, event.message.quotedId)))
            : undefined;
          messageViews.push(await this.views.messageView(group.all, conversation, row, quoted));
        }
        const ticketIds = new Set(messages.map(({ row }) => row.ticketId));
        return {
          messages: messageViews,
          tickets: new Map([...tickets].filter(([id]) => ticketIds.has(id))),
          contacts: await this.views.contactViewsOf(group.all, companyId, resolved.get(companyId)!),
        };
      }),
    );
    return { again, created, followUps };
  }

  private outcome({ again, created, followUps }: StoredBatches): InboundOutcome {
    if (again.length === 0 && created.length === 0) return DONE;
    return {
      outcome: 'done',
      announce: () => {
        for (const message of again) this.views.announceAgain(message);
        if (created.length === 0) return;
        for (const followUp of followUps) followUp.beforeAnnounce?.();
        for (const batch of created) this.views.announceCreated(batch);
        for (const followUp of followUps) followUp.afterAnnounce?.();
      },
    };
  }

  /**
   * A customer's messages this batch brings again that are stored already: a redelivery, after
   * the process that stored them may have died between its commit and its announcement. Their
   * create is announced again (clients keep one message per id), or an agent would never see them.
   */
  private async storedBefore(
    group: TicketsGroup,
    events: InboundMessageEvent[],
    known: Map<string, MessageRow>,
  ): Promise<UpdatedMessage[]> {
    const rows = new Map<number, MessageRow>();
    for (const { whatsappId, message } of events) {
      const row = message.fromMe ? undefined : known.get(channelId(whatsappId, message.id));
      if (row) rows.set(row.id, row);
    }
    return Promise.all([...rows.values()].map((row) => group.as(row.companyId, (tx) => this.views.updated(tx, row))));
  }

  /** A reply to a message of the same batch learns its quoted message's id once both are stored. */
  private async linkQuotesWithinBatch(group: TicketsGroup, inserted: StoredInboundMessage[], rows: Map<string, MessageRow>) {
    for (const entry of inserted) {
      const { quotedId } = entry.event.message;
      if (!quotedId || entry.row.quotedMsgId !== null) continue;
      const quoted = rows.get(channelId(entry.event.whatsappId, quotedId));
      if (quoted) {
        const { companyId, id } = entry.row;
        entry.row = (await group.as(companyId, (tx) => this.messages.update(tx, companyId, id, { quotedMsgId: quoted.id }))) ?? entry.row;
      }
    }
  }
}
