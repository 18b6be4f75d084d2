import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CONVERSATION_MEDIA_ROOTS,
  companyOfMediaKey,
  ErrorCode,
  type BotAction,
  type BotActCommand,
  type BotActResult,
  type TicketBotReleased,
  type TicketView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { SessionsChannel } from '@atrium/kernel';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { chatIdOf } from '../directory/chat-id.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { MediaFiles } from '../media/media-files.js';
import { MessageSender, type OutgoingMessage } from '../messages/message-sender.js';
import { NotesRepository } from '../notes/notes.repository.js';
import { scopeOf, TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { BotRelease } from '../tickets/bot-release.js';
import { TicketBotsRepository } from '../tickets/ticket-bots.repository.js';
import type { TicketState, TransitionKind } from '../tickets/ticket-transition.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository, type TicketRow } from '../tickets/tickets.repository.js';
import { TicketTransitionListeners } from '../tickets/transition-listeners.js';
import { sameBot } from './bot-handoff.js';

/** Largest file a media action may fetch by URL. */
const FETCH_MAX_BYTES = 16 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;
/** A presence is worth showing only now: not waited for long. */
const PRESENCE_TIMEOUT_MS = 5_000;

const RELEASED: BotActResult = { applied: false, reason: 'released' };
const NOT_FOUND: BotActResult = { applied: false, reason: 'notFound' };

/** What ends the bot's turn on the ticket: the people's state the ticket takes, and the release reason. */
interface Handover {
  next: (ticket: TicketRow) => Partial<TicketState>;
  reason: TicketBotReleased['reason'];
  kind: TransitionKind;
}

/**
 * `tickets.bot.act` (libs/contracts tickets/bot-handoff.ts): the ai service's answer to a handed
 * message, applied in order while the bot still drives the ticket (pending, no agent, not
 * released, the same bot); once people have it, nothing more is done (`applied: false`). Texts and
 * files go through the composer's path (MessageSender: stored as ours, then sent); a transfer,
 * a hand-over to people or a close releases the ticket (`ticket.botReleased`) in their transaction
 * and runs what follows a transition (transfer notice, completion message).
 */
@Injectable()
export class BotActService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(BotRelease) private readonly release: BotRelease,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(MediaFiles) private readonly media: MediaFiles,
    @Inject(NotesRepository) private readonly notes: NotesRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(TicketTransitionListeners) private readonly transitions: TicketTransitionListeners,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async act(command: BotActCommand): Promise<BotActResult> {
    if (command.step !== undefined) {
      const refused = await this.refusal(command);
      if (refused) return refused;
      const { companyId, ticketId, step } = command;
      const fresh = await this.database.withTenant(companyId, (tx) => this.bots.claimStep(tx, companyId, ticketId, step));
      if (!fresh) return { applied: true, replayed: true };
    }
    for (const [index, action] of command.actions.entries()) {
      const refused = await this.refusal(command);
      if (refused) {
        if (index > 0)
          this.logger.info(
            { ticketId: command.ticketId, inReplyTo: command.inReplyTo, done: index },
            'bot actions stopped: the ticket was released',
          );
        return refused;
      }
      const outcome = await this.apply(command, action, index);
      if (outcome) return outcome;
    }
    if (command.actions.length === 0) return (await this.refusal(command)) ?? { applied: true };
    return { applied: true };
  }

  /** Why the bot may not act on the ticket now, or undefined when it may. */
  private async refusal(command: BotActCommand, tx?: TicketsTx): Promise<BotActResult | undefined> {
    const check = async (t: TicketsTx) => {
      const ticket = await (tx
        ? this.tickets.lockById(t, command.companyId, command.ticketId)
        : this.tickets.findById(t, command.companyId, command.ticketId));
      if (!ticket) return NOT_FOUND;
      const state = await this.bots.find(t, command.companyId, command.ticketId);
      const drives = ticket.status === 'pending' && ticket.userId === null && !!state && !state.released && sameBot(state.bot, command.bot);
      return drives ? undefined : RELEASED;
    };
    return tx ? check(tx) : this.database.withTenant(command.companyId, check);
  }

  private async apply(command: BotActCommand, action: BotAction, index: number): Promise<BotActResult | undefined> {
    switch (action.type) {
      case 'text':
        await this.send(command, { body: action.body });
        return undefined;
      case 'media':
        await this.sendMedia(command, action, index);
        return undefined;
      case 'presence':
        await this.showPresence(command, action.presence);
        await sleep(action.ms);
        return undefined;
      case 'note':
        await this.database.withTenant(command.companyId, async (tx) => {
          const ticket = await this.tickets.findById(tx, command.companyId, command.ticketId);
          if (ticket)
            await this.notes.insert(tx, {
              companyId: command.companyId,
              ticketId: ticket.id,
              contactId: ticket.contactId,
              userId: null,
              note: action.body,
            });
        });
        return undefined;
      case 'transfer':
        return this.handOver(command, index, {
          next: (ticket) => ({ status: 'pending', queueId: action.queueId ?? ticket.queueId, userId: action.userId ?? null }),
          reason: 'transferred',
          kind: 'transfer',
        });
      case 'tag':
        await this.changeTags(command, action);
        return undefined;
      case 'handToHuman':
        return this.handOver(command, index, { next: () => ({}), reason: 'handedToHuman', kind: 'edit' });
      case 'close':
        return this.handOver(command, index, {
          next: () => ({ status: 'closed', useIntegration: false, promptId: null, integrationId: null }),
          reason: 'closed',
          kind: 'resolve',
        });
    }
  }

  /** A flow's tag node: the ticket's tags changed, and the ticket shown again with them. */
  private async changeTags(command: BotActCommand, action: Extract<BotAction, { type: 'tag' }>): Promise<void> {
    const { companyId, ticketId } = command;
    const view = await this.database.withTenant(companyId, async (tx) => {
      await this.tickets.changeTags(tx, companyId, ticketId, action.add, action.remove);
      return this.views.one(tx, companyId, ticketId);
    });
    this.events.ticketUpdated(view, scopeOf(view));
  }

  /** "typing…" / "recording…" shown to the customer through the connection (Baileys `sendPresenceUpdate`); best effort: a failure is logged, the actions go on. */
  private async showPresence(command: BotActCommand, presence: 'composing' | 'recording'): Promise<void> {
    const ticket = await this.view(command);
    const to = chatIdOf(ticket.contact);
    if (ticket.whatsappId === null || to === null) return;
    try {
      await this.channel.command(command.companyId, ticket.whatsappId, { type: 'presence', to, presence }, PRESENCE_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn({ err: error, ticketId: ticket.id }, 'presence not shown');
    }
  }

  private async view(command: BotActCommand): Promise<TicketView> {
    return this.database.withTenant(command.companyId, (tx) => this.views.one(tx, command.companyId, command.ticketId));
  }

  private async send(command: BotActCommand, outgoing: OutgoingMessage): Promise<void> {
    await this.sender.send(await this.view(command), outgoing);
  }

  /** A file the ai service stored (its upload area, or a conversation file of the company) or one at a URL, sent as ours. */
  private async sendMedia(command: BotActCommand, action: Extract<BotAction, { type: 'media' }>, index: number): Promise<void> {
    const field = `actions.${index}`;
    const filename = action.fileName ?? `file${action.mediaKey ? action.mediaKey.slice(action.mediaKey.lastIndexOf('.')) : ''}`;
    let path: string;
    if (action.mediaKey) {
      const uploads = `${CONVERSATION_MEDIA_ROOTS.uploads}/${command.companyId}/`;
      if (action.mediaKey.startsWith(uploads))
        path = await this.media.claim(
          command.companyId,
          action.mediaKey,
          CONVERSATION_MEDIA_ROOTS.tickets,
          command.ticketId,
          `${field}.mediaKey`,
        );
      else if (companyOfMediaKey(action.mediaKey) === command.companyId) path = action.mediaKey;
      else
        throw new AppError(ErrorCode.ERR_VALIDATION, {
          fields: [{ field: `${field}.mediaKey`, messages: ['not a file of this company'] }],
        });
    } else {
      const body = await this.fetchFile(action.url!, field);
      path = await this.media.store(command.companyId, CONVERSATION_MEDIA_ROOTS.tickets, command.ticketId, {
        body,
        mimetype: action.mimetype,
        filename,
      });
    }
    const hold = await this.media.hold(command.companyId, path, `${field}.mediaKey`);
    try {
      await this.send(command, { body: action.caption ?? '', media: { path, mimetype: action.mimetype, filename } });
    } finally {
      await hold.release();
    }
  }

  private async fetchFile(url: string, field: string): Promise<Buffer> {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch(() => undefined);
    if (!response?.ok)
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: `${field}.url`, messages: ['the file could not be fetched'] }] });
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > FETCH_MAX_BYTES)
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: `${field}.url`, messages: ['the file is too large'] }] });
    return body;
  }

  /** Gives the ticket to people (transfer, hand-over, close) in one transaction with its release; then announces it. */
  private async handOver(command: BotActCommand, index: number, handover: Handover): Promise<BotActResult | undefined> {
    const { companyId, ticketId } = command;
    const outcome = await this.database.withTenant(companyId, async (tx) => {
      const refused = await this.refusal(command, tx);
      if (refused) return { refused };
      const ticket = (await this.tickets.findById(tx, companyId, ticketId))!;
      const next = handover.next(ticket);
      if (next.queueId && next.queueId !== ticket.queueId && !(await this.tickets.queueExists(tx, companyId, next.queueId))) {
        throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND, {
          fields: [{ field: `actions.${index}.queueId`, messages: ['not a queue of this company'] }],
        });
      }
      if (next.userId && !(await this.directory.userNames(tx, companyId, [next.userId])).has(next.userId)) {
        throw new AppError(ErrorCode.ERR_NO_USER_FOUND, {
          fields: [{ field: `actions.${index}.userId`, messages: ['not a user of this company'] }],
        });
      }
      const before = await this.views.one(tx, companyId, ticketId);
      await this.tickets.update(tx, companyId, ticketId, { ...next, chatbot: false });
      await this.release.release(tx, companyId, ticketId, handover.reason);
      const after = await this.views.one(tx, companyId, ticketId);
      const state: TicketState = {
        status: after.status,
        userId: after.userId,
        queueId: after.queueId,
        useIntegration: after.useIntegration,
        promptId: after.promptId,
        integrationId: after.integrationId,
      };
      return { before, after, state };
    });
    if ('refused' in outcome) return outcome.refused;
    this.events.ticketUpdated(outcome.after, scopeOf(outcome.before));
    await this.transitions.committed({
      transition: { kind: handover.kind, next: outcome.state },
      before: outcome.before,
      after: outcome.after,
    });
    return undefined;
  }
}
