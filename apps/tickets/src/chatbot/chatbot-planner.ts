import { CONNECTION_DEFAULTS, type BotRef, type ConnectionAutomation } from '@atrium/contracts';
import type { ContactRow } from '../contacts/contacts.repository.js';
import { fillVariables } from '../messages/message-variables.js';
import type { MessageRow } from '../messages/messages.repository.js';
import type { TicketBotChange, TicketBotRow } from '../tickets/ticket-bots.repository.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { handingBot } from './bot-handoff.js';
import type { BotReply } from './bot-replies.js';
import { outOfHoursAnswer, type HoursThatCount } from './business-hours.js';
import { botTurn, BOT_START, type BotContext, type BotPosition, type BotStage } from './chatbot-flow.js';
import type { BotOptionRow, BotQueueRow } from './chatbot.repository.js';
import { rateOf } from './ratings.js';

/**
 * The chatbot's planner (issue 11, split in issue 25): what one customer message does to its
 * ticket, as a list of actions, from the ticket, its bot state and what was read for the batch.
 * Pure: no database, no clock; ChatbotService reads what it asks for (`needs`), carries the
 * actions out in the transaction that stored the message, and queues the replies. A new way of
 * answering (a flow engine) is one more branch here or a step of its own before it, not a
 * dependency of the service.
 */

/** A connection as the chatbot sees it: its automation texts and the queues of its menu. */
export interface BotConnection {
  automation: ConnectionAutomation;
  queueIds: number[];
}

/** What the chatbot needs of the company, read before the transaction (settings, hours). */
export interface ChatbotPrepared extends HoursThatCount {
  /** Setting `sendGreetingMessageOneQueues`: greet before the menu of a connection's only queue. */
  greetOneQueue: boolean;
}

/** The automation of a connection the directory does not know (or a ticket without connection). */
export const NO_AUTOMATION: ConnectionAutomation = {
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

export interface TurnInput {
  companyId: number;
  ticket: TicketRow;
  contact: Pick<ContactRow, 'name'>;
  message: Pick<MessageRow, 'body'>;
  /** The ticket's row of `ticket_bots`, as the batch's earlier messages left it. */
  state: TicketBotRow | undefined;
  /**
   * The contact's closed ticket on that connection waiting for a rating: read only when the
   * planner asks (`needs: 'ratingWait'`, a ticket without bot state), null when there is none.
   */
  ratingWait?: TicketRow | null;
  connection: BotConnection;
  /** The batch's queues by id (its connections' menus and its tickets' queues). */
  queues: ReadonlyMap<number, BotQueueRow>;
  /** The option trees read so far, by queue; a tree the turn needs and that is missing is asked for (`needs: 'tree'`). */
  trees: ReadonlyMap<number, BotOptionRow[]>;
  prepared: ChatbotPrepared;
  now: Date;
}

export type ChatbotAction =
  /** The rating wait of `rated` ends; a 1-3 (`rate`) rates it and moves the message to it. */
  | { type: 'answerRating'; rated: TicketRow; rate: number | null }
  /** Texts to queue for a ticket (`bot_replies`), in order. */
  | { type: 'reply'; reply: BotReply }
  /** The message goes to the ai bot the queue or connection names, instead of the menus. */
  | { type: 'handOff'; bot: BotRef }
  /** The ticket's new position in the menus (`ticket_bots`). */
  | { type: 'move'; change: TicketBotChange }
  /** The ticket's robot icon and queue as the menus leave them. */
  | { type: 'setBotFields'; chatbot: boolean; queueId: number | null };

export type TurnPlan = { needs: 'ratingWait' } | { needs: 'tree'; queueId: number } | { actions: ChatbotAction[] };

const MENU_STAGES: readonly string[] = ['idle', 'queue-menu', 'options', 'done', 'silent'];
// other stages: 'bot' (handed to the ai service), 'rating' (a closed ticket waiting for its rating, ratings.ts)

function positionOf(state: TicketBotRow | undefined): BotPosition {
  if (!state || !MENU_STAGES.includes(state.stage)) return BOT_START;
  return { stage: state.stage as BotStage, optionId: state.optionId, invalidReplies: state.invalidReplies };
}

/** The connection's menu: its queues in `orderQueue` order (then id), those the batch read. */
export function menuQueuesOf(connection: BotConnection, queues: ReadonlyMap<number, BotQueueRow>): BotQueueRow[] {
  const menu = connection.queueIds.flatMap((id) => {
    const found = queues.get(id);
    return found ? [found] : [];
  });
  return menu.sort((a, b) => (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
}

/**
 * What a customer's message does, in order: nothing unless the ticket is pending without agent;
 * a ticket without bot state may answer a rating (a 1-3 ends there, with the completion message);
 * a queue (or, before one is chosen, a connection) naming an ai bot takes the message; out of
 * business hours the out-of-hours notice and nothing else; otherwise the menus (chatbot-flow.ts).
 */
export function planTurn(input: TurnInput): TurnPlan {
  const { ticket, state, connection, companyId } = input;
  if (ticket.status !== 'pending' || ticket.userId !== null) return { actions: [] };
  const actions: ChatbotAction[] = [];
  if (!state) {
    if (input.ratingWait === undefined) return { needs: 'ratingWait' };
    const rated = input.ratingWait;
    if (rated) {
      const rate = rateOf(input.message.body);
      actions.push({ type: 'answerRating', rated, rate });
      if (rate !== null) {
        const text = connection.automation.complationMessage;
        if (text.trim() !== '')
          actions.push({
            type: 'reply',
            reply: { companyId, ticketId: rated.id, texts: [fill(input, text, rated.id)], toClosed: true },
          });
        return { actions };
      }
    }
  }
  const queue = ticket.queueId === null ? undefined : input.queues.get(ticket.queueId);
  const bot = handingBot(ticket, state, queue, connection.automation);
  if (bot) return { actions: [...actions, { type: 'handOff', bot }] };
  const menus = menuTurn(input, queue);
  return 'needs' in menus ? menus : { actions: [...actions, ...menus.actions] };
}

/** One customer message through business hours and the menus. */
function menuTurn(input: TurnInput, queue: BotQueueRow | undefined): TurnPlan {
  const { ticket, state, connection, prepared, now, companyId } = input;
  if (state?.released) return { actions: [] };
  const menuQueues = menuQueuesOf(connection, input.queues);
  const reply = (texts: string[]): ChatbotAction[] =>
    texts.length === 0 ? [] : [{ type: 'reply', reply: { companyId, ticketId: ticket.id, texts } }];

  const closed = outOfHoursAnswer(prepared, connection.automation.outOfHoursMessage, queue, menuQueues, state?.outOfHoursAt, now);
  if (closed) {
    if (closed.notice === null) return { actions: [] };
    return { actions: [...reply([fill(input, closed.notice)]), { type: 'move', change: { outOfHoursAt: now } }] };
  }

  let position = positionOf(state);
  if (position.stage === 'silent') {
    if (!state?.silentUntil || now < state.silentUntil) return { actions: [] };
    position = BOT_START;
  }
  if (position.stage === 'done') return { actions: [] };
  const treeQueueId = treeQueueOf(position, input.message.body.trim(), ticket, menuQueues);
  const options = treeQueueId === null ? [] : input.trees.get(treeQueueId);
  if (!options) return { needs: 'tree', queueId: treeQueueId! };
  const context: BotContext = {
    greetingMessage: connection.automation.greetingMessage,
    maxUseBotQueues: connection.automation.maxUseBotQueues,
    greetOneQueue: prepared.greetOneQueue,
    queues: menuQueues.map((q) => ({ id: q.id, name: q.name, greetingMessage: q.greetingMessage })),
    queueId: ticket.queueId,
    options,
  };
  const turn = botTurn(position, input.message.body, context);
  const silentFor = connection.automation.timeUseBotQueues;
  const actions: ChatbotAction[] = [
    ...reply(turn.replies.map((text) => fill(input, text))),
    {
      type: 'move',
      change: {
        stage: turn.position.stage,
        optionId: turn.position.optionId,
        invalidReplies: turn.position.invalidReplies,
        silentUntil: turn.position.stage === 'silent' && silentFor > 0 ? new Date(now.getTime() + silentFor * 60_000) : null,
      },
    },
  ];
  const queueId = turn.assignQueueId !== undefined && turn.assignQueueId !== ticket.queueId ? turn.assignQueueId : ticket.queueId;
  if (turn.chatbot !== ticket.chatbot || queueId !== ticket.queueId) actions.push({ type: 'setBotFields', chatbot: turn.chatbot, queueId });
  return { actions };
}

/** The queue whose option tree the turn reads: the ticket's in the options, the one picked at the queue menu, a connection's only queue at the start. */
function treeQueueOf(position: BotPosition, reply: string, ticket: TicketRow, menuQueues: BotQueueRow[]): number | null {
  if (position.stage === 'options') return ticket.queueId;
  if (position.stage === 'queue-menu') return /^\d+$/.test(reply) ? (menuQueues[Number(reply) - 1]?.id ?? null) : null;
  return menuQueues.length === 1 ? menuQueues[0]!.id : null;
}

function fill(input: TurnInput, text: string, ticketId = input.ticket.id): string {
  return fillVariables(text, { contactName: input.contact.name, ticketId, now: input.now, timeZone: input.prepared.timeZone });
}
