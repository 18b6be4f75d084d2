import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor, type MessageView, type SendMessageCommand, type TicketView } from '@atrium/contracts';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { DirectoryService } from '../directory/directory.service.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { ComposerFiles } from './composer-files.js';
import { MessageSender, type OutgoingMessage, type PendingMessage } from './message-sender.js';
import { fillVariables, signed } from './message-variables.js';
import { MessagesRepository, type MessageRow } from './messages.repository.js';

type OutgoingFile = NonNullable<OutgoingMessage['media']>;

const nothingToSend = (): AppError =>
  new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'body', messages: ['a message needs a text or a file'] }] });

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

/**
 * What the composer sends (spec 000 "Message composer"): texts with their variables filled and
 * signed when asked, the files the gateway stored for the ticket and a re-sent file of the
 * company, each as one message through the ticket's connection.
 */
@Injectable()
export class OutgoingMessagesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(DirectoryRepository) private readonly refs: DirectoryRepository,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(ComposerFiles) private readonly files: ComposerFiles,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  /**
   * Sends what the composer sent: the text (message variables filled, signed with the agent's
   * name when asked) and the files the gateway stored, the text as the first file's caption. When
   * a send fails, the uploaded files no sent message carries are removed.
   */
  async send(actor: Actor, command: SendMessageCommand): Promise<MessageView[]> {
    const claimed: string[] = [];
    try {
      return await this.sendAll(actor, command, claimed);
    } catch (error) {
      await this.files.removeUnreferenced(actor.companyId, [...(command.medias ?? []).map((media) => media.path), ...claimed]);
      throw error;
    }
  }

  /** Files the gateway stored for a send that will not happen (an external API call refused before sending). */
  async discardUploads(companyId: number, medias: SendMessageCommand['medias']): Promise<void> {
    if (medias?.length)
      await this.files.removeUnreferenced(
        companyId,
        medias.map((media) => media.path),
      );
  }

  private async sendAll(actor: Actor, command: SendMessageCommand, claimed: string[]): Promise<MessageView[]> {
    if (!command.medias?.length && !command.mediaUrl && !command.captions) {
      const sent = await this.sendText(actor, command);
      if (sent) return [sent];
    }
    const { ticket, quoted, agentNames } = await this.database.withTenant(actor.companyId, (tx) => this.readForSend(tx, actor, command));
    // the one "ticket closed" check of a send (the sender's callers send only in tickets that are not)
    if (ticket.status === 'closed') throw new AppError(ErrorCode.ERR_TICKET_CLOSED);
    const resent = await this.files.resent(actor, command.mediaUrl);
    const uploads = [];
    for (const media of command.medias ?? []) {
      // the gateway's upload becomes this ticket's file, under a key of this service
      const path = await this.files.claim(actor.companyId, media.path, ticket.id);
      claimed.push(path);
      uploads.push({ path, mimetype: media.mimetype, filename: media.filename });
    }
    const files = [...uploads, ...(resent ? [resent] : [])];
    if (!(command.body ?? '').trim() && !command.captions?.some((caption) => caption.trim()) && files.length === 0) throw nothingToSend();
    const agent = command.signMessage ? (agentNames?.get(actor.userId) ?? (await this.agentName(actor))) : undefined;
    const prepare = (raw: string | undefined): string => this.finalText(ticket, raw, agent);
    const outgoing = command.captions
      ? outgoingWithCaptions(files, command.captions.map(prepare))
      : outgoingWithText(files, prepare(command.body));
    if (command.quotedMsgId && !quoted) throw new AppError(ErrorCode.ERR_NO_MESSAGE_FOUND);
    if (outgoing[0]) outgoing[0].quoted = quoted;

    // a re-sent file must outlive whatever deletes its other uses meanwhile
    const hold = resent ? await this.files.hold(actor.companyId, resent.path) : undefined;
    try {
      const sent: MessageView[] = [];
      for (const message of outgoing) sent.push(await this.sender.send(ticket, message));
      return sent;
    } finally {
      await hold?.release();
    }
  }

  /**
   * A text alone, the common send: the reads, the checks and the message stored unsent in one
   * transaction, then the send. Undefined (nothing stored) when the read model does not know the
   * signing agent yet: the general path asks identity.
   */
  private async sendText(actor: Actor, command: SendMessageCommand): Promise<MessageView | undefined> {
    const prepared = await this.storeText(actor, command);
    return prepared && this.sender.deliver(prepared.ticket, prepared.pending);
  }

  /**
   * The first half of `sendText`: the checks and the text stored unsent, committed; the caller
   * delivers it (now, or through a queue: the external API's). Undefined as `sendText`.
   */
  async storeText(actor: Actor, command: SendMessageCommand): Promise<{ ticket: TicketView; pending: PendingMessage } | undefined> {
    return this.database.withTenant(actor.companyId, (tx) => this.storeTextIn(tx, actor, command));
  }

  /** `storeText` inside the caller's transaction (the external API finds the ticket in the same one). */
  async storeTextIn(
    tx: TicketsTx,
    actor: Actor,
    command: SendMessageCommand,
  ): Promise<{ ticket: TicketView; pending: PendingMessage } | undefined> {
    const { ticket, quoted, agentNames } = await this.readForSend(tx, actor, command);
    return this.storeTextOn(tx, actor, ticket, command, quoted, agentNames);
  }

  /**
   * `storeTextIn` with the ticket's view already read by the caller, which checked the actor may
   * see it (the external API reads it with the contact: one query fewer); `quoted` and
   * `agentNames` as `readForSend` answers them, when the command asks for them.
   */
  async storeTextOn(
    tx: TicketsTx,
    actor: Actor,
    ticket: TicketView,
    command: SendMessageCommand,
    quoted?: MessageRow,
    agentNames?: Map<number, string>,
  ): Promise<{ ticket: TicketView; pending: PendingMessage } | undefined> {
    if (ticket.status === 'closed') throw new AppError(ErrorCode.ERR_TICKET_CLOSED);
    const agent = command.signMessage ? agentNames?.get(actor.userId) : undefined;
    if (command.signMessage && agent === undefined) return undefined;
    const body = this.finalText(ticket, command.body, agent);
    if (!body) throw nothingToSend();
    if (command.quotedMsgId && !quoted) throw new AppError(ErrorCode.ERR_NO_MESSAGE_FOUND);
    return { ticket, pending: await this.sender.storePending(tx, ticket, { body, quoted }) };
  }

  /** What a send needs, asked together: one round trip on the pipelined connection. */
  private async readForSend(tx: TicketsTx, actor: Actor, command: SendMessageCommand) {
    const [ticket, quoted, agentNames] = await Promise.all([
      this.views.visible(tx, actor, command.ticketId),
      command.quotedMsgId ? this.messages.findById(tx, actor.companyId, command.quotedMsgId) : undefined,
      command.signMessage ? this.refs.userNames(tx, actor.companyId, [actor.userId]) : undefined,
    ]);
    return { ticket, quoted, agentNames };
  }

  /** A text as sent: trimmed, its message variables filled, signed with the agent's name when asked ('' stays ''). */
  private finalText(ticket: TicketView, raw: string | undefined, agent: string | undefined): string {
    const text = (raw ?? '').trim();
    if (!text) return '';
    const filled = fillVariables(text, {
      contactName: ticket.contact.name,
      ticketId: ticket.id,
      now: new Date(),
      timeZone: this.config.TIME_ZONE,
    });
    return agent === undefined ? filled : signed(filled, agent);
  }

  /** The agent's name when the read model did not know the user yet (it asks identity). */
  private async agentName(actor: Actor): Promise<string> {
    await this.directory.requireUsers(actor, [actor.userId]);
    const names = await this.database.withTenant(actor.companyId, (tx) => this.refs.userNames(tx, actor.companyId, [actor.userId]));
    return names.get(actor.userId) ?? '';
  }
}
