import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { AppError, CONNECTION_DEFAULTS, ErrorCode, type ConnectionAutomation, type ScheduleRow, type TicketView } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { CompanySettings, type SettingValues } from '@atrium/kernel';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import type { ContactRow } from '../contacts/contacts.repository.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { derivedMessageId } from '../messages/derived-message-id.js';
import { MessageSender, type OutgoingMessage, type PendingMessage } from '../messages/message-sender.js';
import type { MessageRow } from '../messages/messages.repository.js';
import { fillVariables } from '../messages/message-variables.js';
import { CompanyBatches } from '../shared/company-batches.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { newPosition, TicketBotsRepository, type TicketBotChange, type TicketBotRow } from '../tickets/ticket-bots.repository.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository, type TicketRow } from '../tickets/tickets.repository.js';
import { BotHandoff, handingBot } from './bot-handoff.js';
import { BotReplyOutbox, type BotReply, type DueReplies, type DueText } from './bot-replies.js';
import { isOpenAt, OUT_OF_HOURS_REPEAT_MS } from './business-hours.js';
import { botTurn, BOT_START, type BotContext, type BotPosition, type BotStage } from './chatbot-flow.js';
import { ChatbotClock } from './chatbot-clock.js';
import { ChatbotRepository, type BotOptionRow, type BotQueueRow } from './chatbot.repository.js';
import { CompanyHours } from './company-hours.js';
import { Ratings } from './ratings.js';

/** A customer's message the inbound handler just stored, with its ticket and contact as that transaction sees them. */
export interface StoredCustomerMessage {
  ticket: TicketRow;
  contact: ContactRow;
  message: MessageRow;
}

/** What the automaton needs that lives in other services, read before the transaction. */
export interface ChatbotPrepared {
  settings: SettingValues;
  /** The company's hours, when scheduleType is `company`. */
  companyHours: ScheduleRow[];
}

/** A text stored unsent, to send once its transaction committed. */
interface StoredText {
  view: TicketView;
  pending: PendingMessage;
}

/**
 * The tickets whose replies the transaction queued (`bot_replies`) and this replica sends once it
 * committed; `stored`: the first text, already stored unsent by that transaction (storeFirstTexts).
 */
export type BotReplies = Array<DueReplies & { stored?: StoredText }>;

/** The message a due text is sent as: its id derived from the text's key, so sending it again is the same message. */
function botOutgoing(companyId: number, text: DueText): OutgoingMessage {
  return { body: text.text, newMessageId: derivedMessageId('bot', companyId, text.key) };
}

/** Why a due text cannot be stored on its ticket now: no ticket, a ticket it cannot be sent to, or a closed one (unless the text is for closed ones). */
function unstorable(view: TicketView | undefined, text: DueText): { closed: true } | { error: AppError } | undefined {
  const error = view ? MessageSender.unsendable(view) : new AppError(ErrorCode.ERR_NO_TICKET_FOUND);
  if (error) return { error };
  return view!.status === 'closed' && !text.toClosed ? { closed: true } : undefined;
}

/** Lapsed rows of `bot_replies` one sweep takes at most (the next sweep takes the rest). */
const LAPSED_PER_SWEEP = 200;

/** A due text stored unsent (to send now), or why not: its ticket closed meanwhile, or it cannot be sent. */
type StoredReply = StoredText | { closed: true } | { error: AppError };

/** What the menus change of a ticket: its chatbot flag (the robot icon) and the queue chosen. */
type BotFields = { id: number; chatbot: boolean; queueId: number | null };

const MENU_STAGES: readonly string[] = ['idle', 'queue-menu', 'options', 'done', 'silent'];
// other stages: 'bot' (handed to the ai service), 'rating' (a closed ticket waiting for its rating, ratings.ts)

const NO_AUTOMATION: ConnectionAutomation = {
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  promptId: null,
  integrationId: null,
  flowId: null,
  expiresTicket: CONNECTION_DEFAULTS.expiresTicket,
  expiresInactiveMessage: '',
  timeUseBotQueues: CONNECTION_DEFAULTS.timeUseBotQueues,
  maxUseBotQueues: CONNECTION_DEFAULTS.maxUseBotQueues,
};

function positionOf(state: TicketBotRow | undefined): BotPosition {
  if (!state || !MENU_STAGES.includes(state.stage)) return BOT_START;
  return { stage: state.stage as BotStage, optionId: state.optionId, invalidReplies: state.invalidReplies };
}

/**
 * The automaton (issue 11), run by the inbound handler in the transaction that stored the
 * customers' messages, only for tickets pending without agent and only on the customer's messages
 * (fromMe — the platform's own texts and their echo, an agent typing on the phone — never reach
 * it). In order: a ticket whose queue (or, before a queue is chosen, connection) names an ai bot is
 * handed to the ai service (BotHandoff); out of business hours the out-of-hours message goes (at
 * most once per 30 minutes per ticket) and nothing else; otherwise the menus (chatbot-flow.ts),
 * their position kept in `ticket_bots` in the same transaction, so a restart or another replica
 * continues the conversation. The replies are queued in that transaction too (`bot_replies`) and
 * sent after the commit (`send`), in order per ticket; a replica killed before it sent them leaves
 * them queued, and another (or itself, restarted) sends them once their lease lapses.
 */
@Injectable()
export class ChatbotService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Per ticket, the replies being sent: the next ones wait for them (this replica's order). */
  private readonly sending = new Map<number, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;
  /** The due texts of a company's tickets stored unsent together: their tickets read and the texts stored in one transaction per batch. */
  private readonly pendingReplies = new CompanyBatches<{ ticketId: number; text: DueText }, StoredReply>((companyId, items) =>
    this.storeReplies(companyId, items),
  );
  /** A sent text recorded as sent in the transaction that records its send (MessageSender's batch of the company's sends); each ticket's next text. */
  private readonly advanceStep = (tx: TicketsTx, companyId: number, ticketIds: number[]) =>
    this.outbox.advanceMany(tx, companyId, ticketIds);

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(ChatbotRepository) private readonly repository: ChatbotRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(BotHandoff) private readonly handoff: BotHandoff,
    @Inject(BotReplyOutbox) private readonly outbox: BotReplyOutbox,
    @Inject(Ratings) private readonly ratings: Ratings,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(CompanyHours) private readonly companyHours: CompanyHours,
    @Inject(ChatbotClock) private readonly clock: ChatbotClock,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () => {
      this.sweeping ??= this.resumeLapsed()
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'chatbot replies left by a dead sender not taken: retried on the next sweep'),
        )
        .finally(() => (this.sweeping = undefined));
    };
    sweep();
    this.timer = setInterval(sweep, this.config.BOT_REPLY_SWEEP_MS);
    this.timer.unref();
  }

  /** A replica that stops finishes the replies it is sending while its database connection is still open (a killed one leaves them to the lease). */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
    while (this.sending.size > 0) await Promise.allSettled([...this.sending.values()]);
  }

  /** Sends the replies whose sender died (their lease lapsed). */
  private async resumeLapsed(): Promise<void> {
    const taken = await this.outbox.takeLapsed(LAPSED_PER_SWEEP);
    if (taken.length > 0) this.logger.info({ tickets: taken.length }, 'sending chatbot replies a dead sender left');
    this.send(taken);
  }

  /** Queues replies in the caller's transaction (calls, inactivity); `send` the answer after the commit. */
  queue(tx: TicketsTx, replies: BotReply[]): Promise<BotReplies> {
    return this.outbox.queue(tx, replies);
  }

  /** Reads the company's settings (and hours when they count) before the transaction that stores the messages. */
  async prepare(companyId: number): Promise<ChatbotPrepared> {
    const settings = await this.settings.of(companyId);
    return { settings, companyHours: settings.scheduleType === 'company' ? await this.companyHours.of(companyId) : [] };
  }

  /**
   * Runs the automaton on the batch's customer messages; their replies are queued in the same
   * transaction (`bot_replies`). Reads and writes are per batch, not per message: the batch's
   * connections, queues, option trees and positions read once, the new positions and the tickets'
   * bot fields written in one statement each; tickets are handled side by side (their statements
   * share round trips on the transaction's pipelined connection), each ticket's messages in order.
   */
  async onStored(tx: TicketsTx, companyId: number, stored: StoredCustomerMessage[], prepared: ChatbotPrepared): Promise<BotReplies> {
    const waiting = stored.filter(({ message, ticket }) => !message.fromMe && !ticket.isGroup);
    if (waiting.length === 0) return [];
    const [states, connections] = await Promise.all([
      this.bots.findMany(
        tx,
        companyId,
        waiting.map(({ ticket }) => ticket.id),
      ),
      this.connections(
        tx,
        companyId,
        waiting.map(({ ticket }) => ticket.whatsappId),
      ),
    ]);
    const queueIds = [...connections.values()]
      .flatMap((c) => c.queueIds)
      .concat(waiting.flatMap(({ ticket }) => (ticket.queueId === null ? [] : [ticket.queueId])));
    const queues = new Map((await this.repository.queues(tx, companyId, queueIds)).map((q) => [q.id, q] as const));
    // each queue's option tree read once for the batch
    const trees = new Map<number, Promise<BotOptionRow[]>>();
    const options = (queueId: number) => {
      const tree = trees.get(queueId) ?? this.repository.options(tx, companyId, queueId);
      trees.set(queueId, tree);
      return tree;
    };
    const byTicket = new Map<number, StoredCustomerMessage[]>();
    for (const item of waiting) byTicket.set(item.ticket.id, [...(byTicket.get(item.ticket.id) ?? []), item]);
    const now = this.clock.now();
    // each ticket's new position and bot fields, written for all at the end
    const positions = new Map<number, TicketBotRow>();
    const botFields = new Map<number, BotFields>();
    const write = (rows: TicketBotRow[], fields: BotFields[]) =>
      Promise.all([this.bots.savePositions(tx, companyId, rows), this.tickets.setBotFields(tx, companyId, fields)]);
    const answers = await Promise.all(
      [...byTicket.values()].map(async (messages) => {
        const out: BotReply[] = [];
        for (const { ticket, contact, message } of messages) {
          if (ticket.status !== 'pending' || ticket.userId !== null) continue;
          const connection = connections.get(ticket.whatsappId ?? 0) ?? { automation: NO_AUTOMATION, queueIds: [] };
          const queue = ticket.queueId === null ? undefined : queues.get(ticket.queueId);
          const state = states.get(ticket.id);
          if (!state) {
            const rated = await this.ratings.waiting(tx, ticket);
            if (rated && (await this.ratings.answer(tx, rated, ticket, message))) {
              const text = connection.automation.complationMessage;
              if (text.trim() !== '')
                out.push({
                  companyId,
                  ticketId: rated.id,
                  texts: [this.fill(text, contact, rated.id, now, this.timeZoneOf(prepared))],
                  toClosed: true,
                });
              continue;
            }
          }
          const bot = handingBot(ticket, state, queue, connection.automation);
          if (bot) {
            // the hand-off writes the ticket and its position itself: what the menus changed before it first
            const position = positions.get(ticket.id);
            const fields = botFields.get(ticket.id);
            if (position || fields) await write(position ? [position] : [], fields ? [fields] : []);
            positions.delete(ticket.id);
            botFields.delete(ticket.id);
            await this.handoff.handOff(tx, ticket, contact, message, bot);
            continue;
          }
          const { texts, change } = await this.turn({
            ticket,
            contact,
            message,
            state,
            queue,
            connection,
            queues,
            options,
            prepared,
            now,
            botFields,
          });
          if (change) {
            const position = { ...(state ?? newPosition(companyId, ticket.id, now)), ...change, updatedAt: now };
            states.set(ticket.id, position);
            positions.set(ticket.id, position);
          }
          const last = out.at(-1);
          if (texts.length > 0 && last?.ticketId === ticket.id && !last.toClosed) last.texts.push(...texts);
          else if (texts.length > 0) out.push({ companyId, ticketId: ticket.id, texts });
        }
        return out;
      }),
    );
    await write([...positions.values()], [...botFields.values()]);
    return this.outbox.queue(tx, answers.flat());
  }

  /**
   * Stores the first text of the replies just queued unsent, in the transaction that queued them
   * (the inbound one), for the tickets whose views it read and that can take it: their send then
   * needs no transaction of its own first. The others are stored when their turn to be sent comes,
   * as texts queued elsewhere. A crash after the commit leaves the row and the message: the sender
   * that takes the row over finds that message by its id (MessageSender.storePendingMany).
   */
  async storeFirstTexts(tx: TicketsTx, companyId: number, replies: BotReplies, views: Map<number, TicketView>): Promise<BotReplies> {
    const sendable = replies.flatMap(({ ticketId, first }, index) => {
      const view = views.get(ticketId);
      if (!first || unstorable(view, first)) return [];
      return [{ index, ticket: view!, outgoing: botOutgoing(companyId, first) }];
    });
    if (sendable.length === 0) return replies;
    const pending = await this.sender.storePendingMany(tx, sendable);
    const stored: BotReplies = [...replies];
    for (const [k, { index, ticket }] of sendable.entries())
      stored[index] = { ...replies[index]!, stored: { view: ticket, pending: pending[k]! } };
    return stored;
  }

  /** Sends the queued replies of these tickets as the platform's own messages, in order per ticket (best effort: a failed send is logged and the ticket's remaining replies dropped). */
  send(replies: BotReplies): void {
    for (const due of replies) {
      const { ticketId } = due;
      const previous = this.sending.get(ticketId) ?? Promise.resolve();
      const next = previous.then(() => this.sendAll(due));
      this.sending.set(ticketId, next);
      void next.finally(() => {
        if (this.sending.get(ticketId) === next) this.sending.delete(ticketId);
      });
    }
  }

  /**
   * Sends the ticket's queued texts one by one, each recorded as sent before the next; texts
   * appended meanwhile follow. Each step is batched with the company's other tickets' (their
   * texts stored unsent in one transaction, sent side by side, recorded as sent in one: the
   * transaction that records the sends moves their `bot_replies` rows on too).
   */
  private async sendAll({ companyId, ticketId, first, stored: firstStored }: BotReplies[number]): Promise<void> {
    try {
      let due: DueText | undefined = first ?? (await this.outbox.first(companyId, ticketId));
      let storedBefore = firstStored;
      while (due) {
        const stored = storedBefore ?? (await this.pendingReplies.add(companyId, { ticketId, text: due }));
        storedBefore = undefined;
        if ('error' in stored) throw stored.error;
        if ('closed' in stored) return await this.outbox.drop(companyId, ticketId);
        due = (await this.sender.deliverRecording(stored.view, stored.pending, { run: this.advanceStep, item: ticketId })).stepResult;
      }
    } catch (error) {
      this.logger.warn({ err: error, companyId, ticketId }, 'chatbot reply not sent');
      await this.outbox.drop(companyId, ticketId).catch(() => undefined);
    }
  }

  /** The tickets read and their due texts stored unsent, in one transaction (a closed ticket takes none, unless the text is for closed ones). */
  private storeReplies(companyId: number, items: Array<{ ticketId: number; text: DueText }>): Promise<StoredReply[]> {
    return this.database.withTenant(companyId, async (tx) => {
      const views = new Map(
        (await this.views.many(tx, companyId, [...new Set(items.map((item) => item.ticketId))])).map((view) => [view.id, view]),
      );
      const results: StoredReply[] = [];
      const sendable: Array<{ index: number; ticket: TicketView; outgoing: OutgoingMessage }> = [];
      for (const [index, { ticketId, text }] of items.entries()) {
        const view = views.get(ticketId);
        const refused = unstorable(view, text);
        if (refused) results.push(refused);
        else {
          results.push({ closed: true }); // replaced below once stored
          sendable.push({ index, ticket: view!, outgoing: botOutgoing(companyId, text) });
        }
      }
      const pending = await this.sender.storePendingMany(tx, sendable);
      for (const [k, { index, ticket }] of sendable.entries()) results[index] = { view: ticket, pending: pending[k]! };
      return results;
    });
  }

  /** One customer message through business hours and the menus: the texts to answer. */
  private async turn(input: {
    ticket: TicketRow;
    contact: ContactRow;
    message: MessageRow;
    state: TicketBotRow | undefined;
    queue: BotQueueRow | undefined;
    connection: { automation: ConnectionAutomation; queueIds: number[] };
    queues: Map<number, BotQueueRow>;
    options: (queueId: number) => Promise<BotOptionRow[]>;
    prepared: ChatbotPrepared;
    now: Date;
    /** The tickets' chatbot flag and queue as the menus leave them, written by the caller. */
    botFields: Map<number, BotFields>;
  }): Promise<{ texts: string[]; change?: TicketBotChange }> {
    const { ticket, contact, message, state, queue, connection, queues, options, prepared, now, botFields } = input;
    const fill = (text: string) => this.fill(text, contact, ticket.id, now, this.timeZoneOf(prepared));
    if (state?.released) return { texts: [] };

    const menuQueues = connection.queueIds.flatMap((id) => {
      const found = queues.get(id);
      return found ? [found] : [];
    });
    menuQueues.sort((a, b) => (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);

    const closedText = this.outOfHoursText(prepared, connection.automation, queue, menuQueues, now);
    if (closedText !== undefined) {
      const recently = state?.outOfHoursAt && now.getTime() - state.outOfHoursAt.getTime() < OUT_OF_HOURS_REPEAT_MS;
      if (recently || closedText.trim() === '') return { texts: [] };
      return { texts: [fill(closedText)], change: { outOfHoursAt: now } };
    }

    let position = positionOf(state);
    if (position.stage === 'silent') {
      if (!state?.silentUntil || now < state.silentUntil) return { texts: [] };
      position = BOT_START;
    }
    if (position.stage === 'done') return { texts: [] };
    const reply = message.body.trim();
    const treeQueueId =
      position.stage === 'options'
        ? ticket.queueId
        : position.stage === 'queue-menu'
          ? /^\d+$/.test(reply)
            ? (menuQueues[Number(reply) - 1]?.id ?? null)
            : null
          : menuQueues.length === 1
            ? menuQueues[0]!.id
            : null;
    const context: BotContext = {
      greetingMessage: connection.automation.greetingMessage,
      maxUseBotQueues: connection.automation.maxUseBotQueues,
      greetOneQueue: prepared.settings.sendGreetingMessageOneQueues === 'enabled',
      queues: menuQueues.map((q) => ({ id: q.id, name: q.name, greetingMessage: q.greetingMessage })),
      queueId: ticket.queueId,
      options: treeQueueId === null ? [] : await options(treeQueueId),
    };
    const turn = botTurn(position, message.body, context);
    const silentFor = connection.automation.timeUseBotQueues;
    const change: TicketBotChange = {
      stage: turn.position.stage,
      optionId: turn.position.optionId,
      invalidReplies: turn.position.invalidReplies,
      silentUntil: turn.position.stage === 'silent' && silentFor > 0 ? new Date(now.getTime() + silentFor * 60_000) : null,
    };
    const queueChange = turn.assignQueueId !== undefined && turn.assignQueueId !== ticket.queueId ? { queueId: turn.assignQueueId } : {};
    if (turn.chatbot !== ticket.chatbot || 'queueId' in queueChange) {
      Object.assign(ticket, { chatbot: turn.chatbot, ...queueChange });
      botFields.set(ticket.id, { id: ticket.id, chatbot: ticket.chatbot, queueId: ticket.queueId });
    }
    return { texts: turn.replies.map(fill), change };
  }

  private fill(text: string, contact: ContactRow, ticketId: number, now: Date, timeZone: string): string {
    return fillVariables(text, { contactName: contact.name, ticketId, now, timeZone });
  }

  /** The company's time zone (setting `timezone`), the platform's when it has none. */
  private timeZoneOf(prepared: ChatbotPrepared): string {
    return prepared.settings.timezone || this.config.TIME_ZONE;
  }

  /**
   * The out-of-hours text when the hours that count (scheduleType) are closed now, in the
   * company's time zone; undefined when open or not checked. Before a queue is chosen (type
   * queue), a conversation that starts while every queue of the connection's menu is closed is
   * answered at its first message: the connection's out-of-hours message, else the first queue's
   * (a menu with an open queue is shown, and a closed queue chosen answers with its own).
   */
  private outOfHoursText(
    prepared: ChatbotPrepared,
    automation: ConnectionAutomation,
    queue: BotQueueRow | undefined,
    menuQueues: BotQueueRow[],
    now: Date,
  ): string | undefined {
    const timeZone = this.timeZoneOf(prepared);
    const type = prepared.settings.scheduleType;
    if (type === 'company') return isOpenAt(prepared.companyHours, now, timeZone) ? undefined : automation.outOfHoursMessage;
    if (type !== 'queue') return undefined;
    if (queue) return isOpenAt(queue.schedules, now, timeZone) ? undefined : (queue.outOfHoursMessage ?? '');
    if (menuQueues.length === 0 || menuQueues.some((candidate) => isOpenAt(candidate.schedules, now, timeZone))) return undefined;
    if (automation.outOfHoursMessage.trim() !== '') return automation.outOfHoursMessage;
    return menuQueues.map((candidate) => candidate.outOfHoursMessage ?? '').find((text) => text.trim() !== '') ?? '';
  }

  private async connections(
    tx: TicketsTx,
    companyId: number,
    ids: Array<number | null>,
  ): Promise<Map<number, { automation: ConnectionAutomation; queueIds: number[] }>> {
    const wanted = [...new Set(ids.flatMap((id) => (id === null ? [] : [id])))];
    const refs = new Map((await this.directory.whatsappsByIds(tx, companyId, wanted)).map((ref) => [ref.id, ref] as const));
    // a field the connection's view lacked (an older sessions) takes its default
    return new Map(
      wanted.map(
        (id) => [id, { automation: { ...NO_AUTOMATION, ...refs.get(id)?.automation }, queueIds: refs.get(id)?.queueIds ?? [] }] as const,
      ),
    );
  }
}
