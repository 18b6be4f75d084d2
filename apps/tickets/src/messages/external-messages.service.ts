import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  AppError,
  ErrorCode,
  type Actor,
  type ExternalMessageCommand,
  type ExternalMessageResult,
  type TicketView,
} from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import { ExternalTextQueue } from './external/external-text-queue.js';
import { ExternalTicketFinder, type ExternalTarget } from './external/external-ticket-finder.js';
import { QuietClose } from './external/quiet-close.js';
import { once } from './idempotent-calls.js';
import { OutgoingMessagesService } from './outgoing-messages.service.js';
import { TemplateMessagesService } from './template-messages.service.js';

/** How long an `Idempotency-Key` is remembered (a retry later than this sends again). */
const KEY_TTL_SECONDS = 86_400;

/** The actor the external API acts as in a company: the connection's token, no user. */
function apiActor(companyId: number, whatsappId: number): Actor {
  return {
    userId: 0,
    companyId,
    profile: 'admin',
    super: false,
    queueIds: [],
    allTicket: 'enabled',
    sessionId: `external-api-${whatsappId}`,
  };
}

/**
 * The external messaging API's send (spec 001 section 7, issue 15). A number the company has no
 * contact for is checked on WhatsApp through the token's connection (ERR_WAPP_INVALID_CONTACT when
 * it is not there, ERR_WAPP_NOT_INITIALIZED when the connection is not connected) and its contact
 * created by the number WhatsApp answers (a known contact's number is not asked again); the
 * contact's active ticket on that connection is used or a pending one created (it enters the
 * agents' inbox, as Atendechat's API does).
 *
 * A text is answered once it is stored: the message is committed unsent in the conversation (as
 * the composer's `storePending`) and a job (`external-message.send`, BullMQ, one per message) sends
 * it at the number's pace. Before the answer the text is also recorded in its connection's send
 * order (`ConnectionSendOrder`, Redis); a job's turn (one after the other per connection in this
 * process) sends the connection's recorded texts smallest message id first, up to its own, so a
 * number's texts leave in the order they were accepted whatever order the worker hands the jobs
 * over in (within one replica: two replicas' turns for one connection may interleave). A send the
 * connection refuses (a known contact's number that left WhatsApp) takes the message out of the
 * conversation, as the composer's; a text whose send a turn had started (in a worker that died
 * since) is not sent again (it may have gone: sent at most once).
 * Files go through the composer's path in the connection's lane and are answered once sent.
 * `closeTicket` resolves the ticket after the send, quietly (no completion message: the message
 * just sent is the conversation's last word). With an `Idempotency-Key` the call runs once.
 */
@Injectable()
export class ExternalMessagesService {
  constructor(
    @Inject(ExternalTicketFinder) private readonly finder: ExternalTicketFinder,
    @Inject(ExternalTextQueue) private readonly texts: ExternalTextQueue,
    @Inject(QuietClose) private readonly closing: QuietClose,
    @Inject(OutgoingMessagesService) private readonly outgoing: OutgoingMessagesService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(TemplateMessagesService) private readonly templates: TemplateMessagesService,
  ) {}

  async send(companyId: number, command: ExternalMessageCommand): Promise<ExternalMessageResult> {
    if (!command.idempotencyKey) return { ...(await this.sendNow(companyId, command)), duplicate: false };
    const markKey = `${this.config.REDIS_PREFIX}external-message:${companyId}:${command.whatsappId}:${command.idempotencyKey}`;
    let ran = false;
    const run = () => {
      ran = true;
      return this.sendNow(companyId, command);
    };
    const { result, duplicate } = await once(this.redis, markKey, command.fingerprint ?? '', KEY_TTL_SECONDS, run).catch(
      async (error: unknown) => {
        if (!ran) await this.outgoing.discardUploads(companyId, command.medias);
        throw error;
      },
    );
    // a repeated request's files are not needed: the first one's were sent
    if (duplicate) await this.outgoing.discardUploads(companyId, command.medias);
    return { ...result, duplicate };
  }

  /** Checks the number, finds or opens the ticket, stores and queues a text or sends files (the uploads are removed when it fails before or during the send). */
  private async sendNow(companyId: number, command: ExternalMessageCommand): Promise<Omit<ExternalMessageResult, 'duplicate'>> {
    const actor = apiActor(companyId, command.whatsappId);
    // a template is rendered and sent once the ticket is found (in the connection's lane, as files are)
    const text = !command.medias?.length && !command.template;
    // a text is stored in the transaction that finds its ticket (its view, when read already)
    const store = async (tx: TicketsTx, ticket: TicketView | number): Promise<number | undefined> => {
      if (!text) return undefined;
      const stored =
        typeof ticket === 'number'
          ? await this.outgoing.storeTextIn(tx, actor, { ticketId: ticket, body: command.body })
          : await this.outgoing.storeTextOn(tx, actor, ticket, { ticketId: ticket.id, body: command.body });
      if (!stored) throw new AppError(ErrorCode.ERR_SENDING_WAPP_MSG);
      return stored.pending.id;
    };
    let target: ExternalTarget;
    try {
      target = await this.finder.ticketOf(companyId, command.whatsappId, command.number, store);
    } catch (error) {
      await this.outgoing.discardUploads(companyId, command.medias);
      throw error;
    }
    if (target.messageId !== undefined) {
      await this.texts.queue(companyId, command.whatsappId, {
        messageId: target.messageId,
        ticketId: target.ticketId,
        closeTicket: command.closeTicket === true,
      });
      return { ticketId: target.ticketId, contactId: target.contactId, messageIds: [target.messageId] };
    }
    const template = command.template;
    const sent = await this.texts.inLane(command.whatsappId, async () =>
      template
        ? [await this.templates.send(actor, { ticketId: target.ticketId, template })]
        : this.outgoing.send(actor, { ticketId: target.ticketId, body: command.body, medias: command.medias }),
    );
    if (command.closeTicket) await this.closing.close(companyId, target.ticketId);
    return { ticketId: target.ticketId, contactId: target.contactId, messageIds: sent.map((message) => message.id) };
  }
}
