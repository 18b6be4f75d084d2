import { IsInt, Max, Min } from 'class-validator';
import type { Rpc } from '../contract.js';

/**
 * The hand-off between the tickets automaton (issue 11) and the ai service (issue 14).
 *
 * A ticket is bot-driven by the ai service while it is pending without an agent and its queue, or,
 * before a queue is chosen, its connection carries a `promptId` or an `integrationId`. For each
 * customer message stored on such a ticket, tickets states the integration event
 * `ticketMessage.handedToBot` (durable, through its outbox on the INTEGRATION stream; see
 * integration/integration-events.ts) instead of running its own menus. The ai service answers
 * with the command `tickets.bot.act` (below). When an agent accepts, transfers or closes the
 * ticket, tickets states `ticket.botReleased`, and from then on refuses the bot's actions on it.
 */

/** Which bot drives the ticket: an OpenAI prompt, or a queue integration (n8n, webhook, Typebot, Dialogflow). */
export type BotRef =
  | { kind: 'prompt'; promptId: number }
  | { kind: 'integration'; integrationId: number }
  /** A flow of the ai service (issue 27), attached to the connection or the queue. */
  | { kind: 'flow'; flowId: number };

/** Payload of `ticketMessage.handedToBot` (the company is on the event's envelope). */
export interface TicketMessageHandedToBot {
  ticketId: number;
  /** The stored customer message; per ticket the events keep the order the messages were stored in. */
  messageId: number;
  /** Increases by one per handed message of the ticket: the ai service handles them in this order, one at a time. */
  sequence: number;
  bot: BotRef;
  queueId: number | null;
  whatsappId: number;
  contact: { id: number; name: string; number: string; email: string };
  message: {
    body: string;
    /** 'chat', 'audio', 'image', … as stored. */
    mediaType: string;
    /** Storage key of the media (voice notes to transcribe), null for text. */
    mediaKey: string | null;
    createdAt: string;
  };
}

/** Payload of `ticket.botReleased`: the bot must stop on this ticket (pending turns are dropped). */
export interface TicketBotReleased {
  ticketId: number;
  reason: 'accepted' | 'transferred' | 'closed' | 'handedToHuman';
}

/** One thing the bot does on the ticket, applied in order. */
export type BotAction =
  /** A text to the customer, stored as ours (fromMe) and never fed back to a bot. */
  | { type: 'text'; body: string }
  /** A file to the customer: a storage key the ai service wrote, or a URL to fetch. */
  | { type: 'media'; mediaKey?: string; url?: string; mimetype: string; fileName?: string; caption?: string; asVoiceNote?: boolean }
  /** "typing…" (or "recording…") presence for `ms` before the next action. */
  | { type: 'presence'; presence: 'composing' | 'recording'; ms: number }
  /** Hand the customer to people: the ticket stays pending (in `queueId` when given, or for `userId`), bot off. */
  | { type: 'transfer'; queueId?: number; userId?: number }
  /** The bot gives up without a transfer: pending in its current queue for a human, bot off. */
  | { type: 'handToHuman' }
  /** Close the ticket (Typebot's finish keyword). */
  | { type: 'close' }
  /** An internal note on the ticket, visible to the company's agents and admins, never to the customer (provider failures). */
  | { type: 'note'; body: string }
  /** Adds and removes tags of the company on the ticket (a flow's tag node); ids that are not the company's tags are skipped. */
  | { type: 'tag'; add: number[]; remove: number[] };

/** `tickets.bot.act`: asked by the ai service, without an actor. */
export interface BotActCommand {
  companyId: number;
  ticketId: number;
  /** The bot that acts: refused unless it still drives the ticket. */
  bot: BotRef;
  /** The `sequence` of the message being answered (for logs and ordering checks). */
  inReplyTo: number;
  actions: BotAction[];
  /**
   * The bot's step on the ticket (a flow's walk counter, growing by one per walk): tickets applies a
   * step once and wholly (its actions stored with its claim, each applied once even across a crash
   * of tickets), so an act repeated after the bot's process died mid-walk sends nothing twice.
   */
  step?: number;
}

/** `applied: false` when the ticket is no longer the bot's (an agent took it, it was transferred or closed): nothing was done. */
export interface BotActResult {
  applied: boolean;
  reason?: 'released' | 'notFound';
  /** The step was applied before: nothing was done again. */
  replayed?: boolean;
}

/** `tickets.bot.history`: the ticket's last `limit` text messages, oldest first (the model's context), asked without an actor. */
export class BotHistoryQuery {
  @IsInt() @Min(1) companyId!: number;
  @IsInt() @Min(1) ticketId!: number;
  @IsInt() @Min(1) @Max(100) limit!: number;
}

export interface BotHistoryMessage {
  id: number;
  /** true for ours (agents' and the bot's), false for the customer's. */
  fromMe: boolean;
  body: string;
  createdAt: string;
}

export interface BotHistoryResult {
  messages: BotHistoryMessage[];
}

export const BotHandoffSubjects = {
  act: 'tickets.bot.act',
  history: 'tickets.bot.history',
} as const;

export type BotHandoffContract = {
  [BotHandoffSubjects.act]: Rpc<BotActCommand, BotActResult>;
  [BotHandoffSubjects.history]: Rpc<BotHistoryQuery, BotHistoryResult>;
};
