import { Inject, Injectable } from '@nestjs/common';
import type { Companies } from '@atrium/database';
import type { TicketView } from '@atrium/contracts';
import type { ContactRow } from '../contacts/contacts.repository.js';
import type { MessageRow } from '../messages/messages.repository.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import { newPosition, TicketBotsRepository, type TicketBotRow } from '../tickets/ticket-bots.repository.js';
import { TicketsRepository, type TicketRow } from '../tickets/tickets.repository.js';
import { BotHandoff } from './bot-handoff.js';
import { BotReplySender, type BotReplies } from './bot-reply-sender.js';
import type { BotReply } from './bot-replies.js';
import { ChatbotClock } from './chatbot-clock.js';
import {
  NO_AUTOMATION,
  planTurn,
  type BotConnection,
  type ChatbotAction,
  type ChatbotPrepared,
  type TurnInput,
} from './chatbot-planner.js';
import { ChatbotSettings } from './chatbot-settings.js';
import { ChatbotRepository, type BotOptionRow, type BotQueueRow } from './chatbot.repository.js';
import { Ratings } from './ratings.js';

export type { BotReplies } from './bot-reply-sender.js';
export type { ChatbotPrepared } from './chatbot-planner.js';

/** A customer's message the inbound handler just stored, with its ticket and contact as that transaction sees them. */
export interface StoredCustomerMessage {
  ticket: TicketRow;
  contact: ContactRow;
  message: MessageRow;
}

/** What the automaton reads of a batch's tickets before it plans (`ChatbotService.read`), by ticket, connection and queue id. */
export interface ChatbotReads {
  states: Map<number, TicketBotRow>;
  connections: Map<number, BotConnection>;
  queues: Map<number, BotQueueRow>;
}

/** What the menus change of a ticket: its chatbot flag (the robot icon) and the queue chosen. */
type BotFields = { id: number; chatbot: boolean; queueId: number | null };

/**
 * The automaton (issue 11), run by the inbound handler in the transaction that stored the
 * customers' messages, only for tickets pending without agent and only on the customer's messages
 * (fromMe — the platform's own texts and their echo, an agent typing on the phone — never reach
 * it). What a message does is planned by the pure planner (chatbot-planner.ts: ratings, the ai
 * hand-off, business hours, the menus); this service reads what the planner asks for and carries
 * its actions out: positions in `ticket_bots` in the same transaction (a restart or another
 * replica continues the conversation), replies queued in that transaction too (`bot_replies`) and
 * sent after the commit by BotReplySender, in order per ticket.
 */
@Injectable()
export class ChatbotService {
  constructor(
    @Inject(ChatbotRepository) private readonly repository: ChatbotRepository,
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(Ratings) private readonly ratings: Ratings,
    @Inject(BotHandoff) private readonly handoff: BotHandoff,
    @Inject(BotReplySender) private readonly replies: BotReplySender,
    @Inject(ChatbotSettings) private readonly chatbotSettings: ChatbotSettings,
    @Inject(ChatbotClock) private readonly clock: ChatbotClock,
  ) {}

  /** Queues replies in the caller's transaction (calls, inactivity); `send` the answer after the commit. */
  queue(tx: TicketsTx, replies: BotReply[]): Promise<BotReplies> {
    return this.replies.queue(tx, replies);
  }

  /** Sends queued replies after the commit, in order per ticket (BotReplySender). */
  send(replies: BotReplies): void {
    this.replies.send(replies);
  }

  /** Stores the first texts of the replies just queued unsent, in the transaction that queued them (BotReplySender.storeFirstTexts). */
  storeFirstTexts(tx: TicketsTx, companyId: number, replies: BotReplies, views: Map<number, TicketView>): Promise<BotReplies> {
    return this.replies.storeFirstTexts(tx, companyId, replies, views);
  }

  /** Reads the company's settings (and hours when they count) before the transaction that stores the messages. */
  prepare(companyId: number): Promise<ChatbotPrepared> {
    return this.chatbotSettings.prepare(companyId);
  }

  /**
   * What the automaton reads of the batch's tickets before it plans: their positions, their
   * connections and the queues those and the tickets name. `companies`: the batch's company, or a
   * group's (their ids are the platform's, so one read serves each company's `onStored`).
   */
  async read(tx: TicketsTx, companies: Companies, stored: StoredCustomerMessage[]): Promise<ChatbotReads> {
    const waiting = stored.filter(({ message, ticket }) => !message.fromMe && !ticket.isGroup);
    if (waiting.length === 0) return { states: new Map(), connections: new Map(), queues: new Map() };
    const [states, connections] = await Promise.all([
      this.bots.findMany(
        tx,
        companies,
        waiting.map(({ ticket }) => ticket.id),
      ),
      this.repository.connections(
        tx,
        companies,
        waiting.map(({ ticket }) => ticket.whatsappId),
      ),
    ]);
    const queueIds = [...connections.values()]
      .flatMap((c) => c.queueIds)
      .concat(waiting.flatMap(({ ticket }) => (ticket.queueId === null ? [] : [ticket.queueId])));
    const queues = new Map((await this.repository.queues(tx, companies, queueIds)).map((q) => [q.id, q] as const));
    return { states, connections, queues };
  }

  /**
   * Runs the automaton on the batch's customer messages; their replies are queued in the same
   * transaction (`bot_replies`). Reads and writes are per batch, not per message: the batch's
   * connections, queues, option trees and positions read once, the new positions and the tickets'
   * bot fields written in one statement each; tickets are handled side by side (their statements
   * share round trips on the transaction's pipelined connection), each ticket's messages in order.
   */
  async onStored(
    tx: TicketsTx,
    companyId: number,
    stored: StoredCustomerMessage[],
    prepared: ChatbotPrepared,
    read?: ChatbotReads,
  ): Promise<BotReplies> {
    const waiting = stored.filter(({ message, ticket }) => !message.fromMe && !ticket.isGroup);
    if (waiting.length === 0) return [];
    const { states, connections, queues } = read ?? (await this.read(tx, companyId, waiting));
    // each queue's option tree read once for the batch, when a turn first needs it
    const reading = new Map<number, Promise<BotOptionRow[]>>();
    const trees = new Map<number, BotOptionRow[]>();
    const readTree = async (queueId: number) => {
      const tree = reading.get(queueId) ?? this.repository.options(tx, companyId, queueId);
      reading.set(queueId, tree);
      trees.set(queueId, await tree);
    };
    const byTicket = new Map<number, StoredCustomerMessage[]>();
    for (const item of waiting) byTicket.set(item.ticket.id, [...(byTicket.get(item.ticket.id) ?? []), item]);
    const now = this.clock.now();
    // each ticket's new position and bot fields, written for all at the end
    const positions = new Map<number, TicketBotRow>();
    const botFields = new Map<number, BotFields>();
    const write = (rows: TicketBotRow[], fields: BotFields[]) =>
      Promise.all([this.bots.savePositions(tx, companyId, rows), this.tickets.setBotFields(tx, companyId, fields)]);

    /** Plans one message, reading what the planner asks for first. */
    const plan = async (input: TurnInput): Promise<ChatbotAction[]> => {
      for (;;) {
        const planned = planTurn(input);
        if ('actions' in planned) return planned.actions;
        if (planned.needs === 'ratingWait') input.ratingWait = (await this.ratings.waiting(tx, input.ticket)) ?? null;
        else await readTree(planned.queueId);
      }
    };

    const answers = await Promise.all(
      [...byTicket.values()].map(async (messages) => {
        const out: BotReply[] = [];
        for (const { ticket, contact, message } of messages) {
          const actions = await plan({
            companyId,
            ticket,
            contact,
            message,
            state: states.get(ticket.id),
            connection: connections.get(ticket.whatsappId ?? 0) ?? { automation: NO_AUTOMATION, queueIds: [] },
            queues,
            trees,
            prepared,
            now,
          });
          for (const action of actions) {
            switch (action.type) {
              case 'answerRating':
                await this.ratings.answer(tx, action.rated, ticket, message);
                break;
              case 'reply': {
                const { reply } = action;
                const last = out.at(-1);
                if (last?.ticketId === reply.ticketId && !last.toClosed && !reply.toClosed) last.texts.push(...reply.texts);
                else out.push({ ...reply, texts: [...reply.texts] });
                break;
              }
              case 'handOff': {
                // the hand-off writes the ticket and its position itself: what the menus changed before it first
                const position = positions.get(ticket.id);
                const fields = botFields.get(ticket.id);
                if (position || fields) await write(position ? [position] : [], fields ? [fields] : []);
                positions.delete(ticket.id);
                botFields.delete(ticket.id);
                await this.handoff.handOff(tx, ticket, contact, message, action.bot);
                break;
              }
              case 'move': {
                const position = { ...(states.get(ticket.id) ?? newPosition(companyId, ticket.id, now)), ...action.change, updatedAt: now };
                states.set(ticket.id, position);
                positions.set(ticket.id, position);
                break;
              }
              case 'setBotFields':
                Object.assign(ticket, { chatbot: action.chatbot, queueId: action.queueId });
                botFields.set(ticket.id, { id: ticket.id, chatbot: action.chatbot, queueId: action.queueId });
                break;
            }
          }
        }
        return out;
      }),
    );
    await write([...positions.values()], [...botFields.values()]);
    return this.replies.queue(tx, answers.flat());
  }
}
