import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError, ErrorCode, type Actor, type CampaignMessageDto, type CampaignMessageResult, type TagContactsView } from '@atrium/contracts';
import { DATABASE, REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { CampaignMessagesRepository } from './campaign-messages.repository.js';
import { CampaignReplies } from './campaign-replies.js';
import { MessageSender } from './message-sender.js';

/** How long a delivered campaign message's key is remembered (a retry later than this would send again). */
const KEY_TTL_SECONDS = 14 * 86_400;
/** How long a second call waits for a first one with the same key still sending. */
const IN_FLIGHT_WAIT_MS = 20_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers a campaign's message (issue 12): stored in the recipient's conversation and sent
 * through the ticket's connection by the composer's sender, in a ticket that does not enter the
 * agents' inbox (the contact's active one when it has one, else a closed one). A customer who
 * replies gets a normal pending ticket (inbound never reopens a closed one), whose conversation
 * history shows the campaign message. Idempotent by `key` (a Redis mark set before the send):
 * the campaigns service may call again after a lost answer or a restart without a second message.
 * A confirmation request (`awaitReplyMs`) marks the recipient's reply as awaited (CampaignReplies).
 */
@Injectable()
export class CampaignMessagesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(CampaignMessagesRepository) private readonly repository: CampaignMessagesRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(CampaignReplies) private readonly replies: CampaignReplies,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  async send(actor: Actor, dto: CampaignMessageDto): Promise<CampaignMessageResult> {
    const markKey = `${this.config.REDIS_PREFIX}campaign-message:${actor.companyId}:${dto.key}`;
    const claimed = (await this.redis.set(markKey, 'sending', 'EX', KEY_TTL_SECONDS, 'NX')) === 'OK';
    if (!claimed) return this.earlier(markKey);
    try {
      const { ticketId, contactId } = await this.database.withTenant(actor.companyId, async (tx) => {
        const contact = await this.repository.contactFor(tx, actor.companyId, dto.number, dto.name, dto.email);
        return { contactId: contact.id, ticketId: await this.repository.ticketFor(tx, actor.companyId, contact.id, dto.whatsappId) };
      });
      const ticket = await this.database.withTenant(actor.companyId, (tx) => this.views.one(tx, actor.companyId, ticketId));
      // a confirmation request: the reply is awaited before it can arrive
      if (dto.awaitReplyMs) await this.replies.await(actor.companyId, dto.whatsappId, dto.number, dto.awaitReplyMs);
      if (dto.media) await this.sender.send(ticket, { body: dto.body, media: dto.media });
      else await this.sender.send(ticket, { body: dto.body });
      const result = { duplicate: false, contactId, ticketId };
      await this.redis.set(markKey, JSON.stringify(result), 'EX', KEY_TTL_SECONDS);
      return result;
    } catch (error) {
      // refused before or by the connection: nothing went out, so a retry may send
      if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await this.redis.del(markKey);
      throw error;
    }
  }

  tagContacts(actor: Actor, tagId: number): Promise<TagContactsView> {
    return this.database.withTenant(actor.companyId, async (tx) => ({ contacts: await this.repository.taggedContacts(tx, actor.companyId, tagId) }));
  }

  /** The same key was sent (or is being sent) before: its answer, marked as a duplicate. */
  private async earlier(markKey: string): Promise<CampaignMessageResult> {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const value = await this.redis.get(markKey);
      if (value !== 'sending') {
        if (value === null) throw new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, { data: { reason: 'an earlier try failed; try again' } });
        return { ...(JSON.parse(value) as CampaignMessageResult), duplicate: true };
      }
      if (Date.now() > deadline) throw new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, { data: { reason: 'an earlier try is still sending' } });
      await sleep(100);
    }
  }
}
