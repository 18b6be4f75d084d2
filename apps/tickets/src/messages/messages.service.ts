import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  canSeeTicket,
  companyOfMediaKey,
  CONVERSATION_MEDIA_ROOTS,
  ErrorCode,
  isConversationMediaKey,
  mediaKeyOfUrl,
  type Actor,
  type MessagesPageView,
  type MessagesQueryDto,
  type MessageView,
  type SendMessageCommand,
  type TicketView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { contentTypeOf, toStorageKey } from '@atrium/storage';
import type { TicketsConfig } from '../config.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { DirectoryService } from '../directory/directory.service.js';
import { chatIdOf, SessionsChannel } from '../directory/sessions-channel.js';
import { hasMore, PAGE_SIZES } from '../shared/paging.js';
import { TicketsEvents } from '../shared/tickets-events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { assertCanSee } from '../tickets/ticket-access.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { MediaFiles } from './media-files.js';
import { MessageSender, type OutgoingMessage } from './message-sender.js';
import { fillVariables, signed } from './message-variables.js';
import { toMessageView } from './message.view.js';
import { MessagesRepository } from './messages.repository.js';

type OutgoingFile = NonNullable<OutgoingMessage['media']>;

/** Audio goes as a voice note, which carries no caption. */
const canCaption = (file: OutgoingFile): boolean => !file.mimetype.startsWith('audio/');

/** One message per file, the text as the first captionable file's caption (or a message of its own after them). */
function outgoingWithText(files: OutgoingFile[], text: string): OutgoingMessage[] {
  const outgoing: OutgoingMessage[] = [];
  let caption = text;
  for (const file of files) {
    outgoing.push({ body: canCaption(file) ? caption : '', media: file });
    if (canCaption(file)) caption = '';
  }
  if (caption) outgoing.push({ body: caption });
  return outgoing;
}

/** One message per file with its own caption; an audio's caption follows it as a text. */
function outgoingWithCaptions(files: OutgoingFile[], captions: string[]): OutgoingMessage[] {
  return files.flatMap((file, i) => {
    const caption = captions[i] ?? '';
    if (canCaption(file) || !caption) return [{ body: canCaption(file) ? caption : '', media: file }];
    return [{ body: '', media: file }, { body: caption }];
  });
}

/** How many of the tickets carrying a file are looked at to let a user read it. */
const MEDIA_ACCESS_TICKETS = 20;

/** The conversation of a ticket (spec 000 "Conversation" and "Message composer"). */
@Injectable()
export class MessagesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(DirectoryRepository) private readonly refs: DirectoryRepository,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(MediaFiles) private readonly media: MediaFiles,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A page of the conversation: the messages of every ticket of the contact on the ticket's
   * connection (so the conversation shows 'Conversa encerrada'/'Conversa iniciada' where the ticket
   * changes), oldest first, 20 per page going back in time. Opening it (page 1) resets the
   * ticket's unread count and marks the customer's messages read on WhatsApp, unless
   * `markRead=false` (an admin's read-only peek).
   */
  async page(actor: Actor, ticketId: number, query: MessagesQueryDto): Promise<MessagesPageView> {
    const opening = (query.pageNumber ?? 1) === 1 && query.markRead !== false;
    const result = await this.database.withTenant(actor.companyId, async (tx) => {
      const ticket = assertCanSee(actor, await this.tickets.findById(tx, actor.companyId, ticketId));
      let read: Array<{ whatsappId: number | null; wid: string | null }> = [];
      let wasUnread = false;
      if (opening) {
        read = await this.messages.markRead(tx, actor.companyId, [ticket.id]);
        wasUnread = ticket.unreadMessages > 0;
        if (wasUnread) await this.tickets.update(tx, actor.companyId, ticket.id, { unreadMessages: 0, updatedAt: ticket.updatedAt });
      }
      const history = await this.tickets.historyIds(tx, actor.companyId, ticket.contactId, ticket.whatsappId);
      const { records, count } = await this.messages.page(tx, actor.companyId, history, query.pageNumber);
      const view = await this.views.one(tx, actor.companyId, ticket.id);
      return { view, records, count, read, wasUnread };
    });
    if (result.wasUnread) this.events.ticketUnreadReset(result.view);
    if (result.read.length > 0) this.markReadOnWhatsapp(result.view, result.read);
    return {
      messages: result.records.map(toMessageView).reverse(),
      ticket: result.view,
      count: result.count,
      hasMore: hasMore(query.pageNumber, PAGE_SIZES.messages, result.records.length, result.count),
    };
  }

  /**
   * Sends what the composer sent: the text (message variables filled, signed with the agent's
   * name when asked) and the files the gateway stored, the text as the first file's caption. When
   * a send fails, the uploaded files no sent message carries are removed.
   */
  async send(actor: Actor, command: SendMessageCommand): Promise<MessageView[]> {
    try {
      return await this.sendAll(actor, command);
    } catch (error) {
      await this.media.removeUnreferenced(actor.companyId, (command.medias ?? []).map((media) => media.path));
      throw error;
    }
  }

  private async sendAll(actor: Actor, command: SendMessageCommand): Promise<MessageView[]> {
    const ticket = await this.visibleTicket(actor, command.ticketId);
    if (ticket.status === 'closed') throw new AppError(ErrorCode.ERR_TICKET_CLOSED);
    const resent = this.resentFile(actor, command.mediaUrl);
    const files = [...(command.medias ?? []).map((m) => this.ownUpload(actor, ticket, m)), ...(resent ? [resent] : [])];
    if (!(command.body ?? '').trim() && !command.captions?.some((caption) => caption.trim()) && files.length === 0) {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'body', messages: ['a message needs a text or a file'] }] });
    }
    const agent = command.signMessage ? await this.agentName(actor) : undefined;
    const prepare = (raw: string | undefined): string => {
      const text = (raw ?? '').trim();
      if (!text) return '';
      const filled = fillVariables(text, { contactName: ticket.contact.name, ticketId: ticket.id, now: new Date(), timeZone: this.config.TIME_ZONE });
      return agent === undefined ? filled : signed(filled, agent);
    };
    const outgoing = command.captions
      ? outgoingWithCaptions(files, command.captions.map(prepare))
      : outgoingWithText(files, prepare(command.body));
    if (outgoing[0]) outgoing[0].quotedMsgId = command.quotedMsgId;

    // a re-sent file must outlive whatever deletes its other uses meanwhile
    const hold = resent ? await this.media.hold(actor.companyId, resent.path, 'mediaUrl') : undefined;
    try {
      const sent: MessageView[] = [];
      for (const message of outgoing) sent.push(await this.sender.send(ticket, message));
      return sent;
    } finally {
      await hold?.release();
    }
  }

  /** Deletes a message the business sent, for everyone on WhatsApp too; it stays in the conversation marked deleted. */
  async delete(actor: Actor, id: number): Promise<MessageView> {
    const found = await this.database.withTenant(actor.companyId, async (tx) => {
      const message = await this.messages.findById(tx, actor.companyId, id);
      if (!message) throw new AppError(ErrorCode.ERR_NO_MESSAGE_FOUND);
      assertCanSee(actor, await this.tickets.findById(tx, actor.companyId, message.ticketId));
      return { message, ticket: await this.views.one(tx, actor.companyId, message.ticketId) };
    });
    const { message, ticket } = found;
    if (!message.fromMe) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    if (message.isDeleted) return this.viewOf(actor.companyId, id);
    const to = chatIdOf(ticket.contact);
    if (message.wid && message.whatsappId !== null && to) {
      await this.channel.command(actor.companyId, message.whatsappId, { type: 'delete', to, messageId: message.wid });
    }
    const { view, ticketView } = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.messages.update(tx, actor.companyId, id, { isDeleted: true });
      const record = await this.messages.record(tx, actor.companyId, id);
      return { view: toMessageView(record!), ticketView: await this.views.one(tx, actor.companyId, message.ticketId) };
    });
    this.events.message('update', view, ticketView);
    return view;
  }

  /**
   * May the actor read this stored file (served under /public)? Message media: whoever may see
   * a ticket one of whose messages carries it (a re-sent file is in several); quick-message
   * attachments: the company's users. Other companies: never.
   */
  async mediaAccess(actor: Actor, key: string): Promise<{ allowed: boolean }> {
    if (companyOfMediaKey(key) !== actor.companyId) return { allowed: false };
    if (key.startsWith(`${CONVERSATION_MEDIA_ROOTS.quickMessages}/`)) return { allowed: true };
    const allowed = await this.database.withTenant(actor.companyId, async (tx) => {
      for (const ticketId of await this.messages.ticketsOfMedia(tx, actor.companyId, key, MEDIA_ACCESS_TICKETS)) {
        const ticket = await this.tickets.findById(tx, actor.companyId, ticketId);
        if (ticket !== undefined && canSeeTicket(actor, ticket)) return true;
      }
      return false;
    });
    return { allowed };
  }

  private async visibleTicket(actor: Actor, ticketId: number): Promise<TicketView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      assertCanSee(actor, await this.tickets.findById(tx, actor.companyId, ticketId));
      return this.views.one(tx, actor.companyId, ticketId);
    });
  }

  private async viewOf(companyId: number, id: number): Promise<MessageView> {
    return this.database.withTenant(companyId, async (tx) => toMessageView((await this.messages.record(tx, companyId, id))!));
  }

  /** A file the gateway stored for this ticket: `tickets/<companyId>/<ticketId>/...` only. */
  private ownUpload(actor: Actor, ticket: TicketView, media: { path: string; mimetype: string; filename: string }) {
    const prefix = `${CONVERSATION_MEDIA_ROOTS.tickets}/${actor.companyId}/${ticket.id}/`;
    if (toStorageKey(media.path) !== media.path || !media.path.startsWith(prefix)) {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'medias', messages: ['unknown file'] }] });
    }
    return { path: media.path, mimetype: media.mimetype, filename: media.filename };
  }

  /** `mediaUrl`: a stored file of this company re-sent (a quick message's attachment, a file of another ticket). */
  private resentFile(actor: Actor, mediaUrl: string | undefined): { path: string; mimetype: string; filename: string } | undefined {
    if (!mediaUrl) return undefined;
    const raw = mediaKeyOfUrl(mediaUrl);
    const key = raw === null ? null : toStorageKey(raw);
    if (key === null || !isConversationMediaKey(key) || companyOfMediaKey(key) !== actor.companyId) {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'mediaUrl', messages: ['not a file of this company'] }] });
    }
    const name = key.split('/').pop()!.replace(/^[0-9a-f]{16}-/, '');
    return { path: key, mimetype: contentTypeOf(key), filename: name };
  }

  private async agentName(actor: Actor): Promise<string> {
    await this.directory.requireUsers(actor, [actor.userId]);
    const names = await this.database.withTenant(actor.companyId, (tx) => this.refs.userNames(tx, actor.companyId, [actor.userId]));
    return names.get(actor.userId) ?? '';
  }

  /** Read receipts to the customer: best effort, after the change committed. */
  private markReadOnWhatsapp(ticket: TicketView, read: Array<{ whatsappId: number | null; wid: string | null }>): void {
    const to = chatIdOf(ticket.contact);
    const byConnection = new Map<number, string[]>();
    for (const { whatsappId, wid } of read) {
      if (whatsappId === null || wid === null) continue;
      byConnection.set(whatsappId, [...(byConnection.get(whatsappId) ?? []), wid]);
    }
    if (!to) return;
    for (const [whatsappId, ids] of byConnection) {
      for (let start = 0; start < ids.length; start += 500) {
        this.channel
          .command(ticket.companyId, whatsappId, { type: 'markRead', to, messageIds: ids.slice(start, start + 500) }, 15_000)
          .catch((error: unknown) => this.logger.debug({ err: error, ticketId: ticket.id }, 'read receipts not sent'));
      }
    }
  }
}
