import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  SessionsSubjects,
  storableText,
  type Actor,
  type CampaignMessageDto,
  type CampaignMessageResult,
  type TagContactsView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { CampaignMessagesRepository } from './campaign-messages.repository.js';
import { CampaignReplies } from './campaign-replies.js';
import { derivedMessageId } from './derived-message-id.js';
import { once } from './idempotent-calls.js';
import { MessageSender } from './message-sender.js';

/** How long a delivered campaign message's key is remembered (a retry later than this would send again). */
const KEY_TTL_SECONDS = 14 * 86_400;

/**
 * Delivers a campaign's message (issue 12): stored in the recipient's conversation and sent
 * through the ticket's connection by the composer's sender, in a ticket that does not enter the
 * agents' inbox (the contact's active one when it has one, else a closed one). A customer who
 * replies gets a normal pending ticket (inbound never reopens a closed one), whose conversation
 * history shows the campaign message. Idempotent by `key` (a Redis mark set before the send, and
 * a WhatsApp message id derived from it): the campaigns service may call again after a lost
 * answer, a restart, or a tickets or sessions replica that died mid-send, without a second message.
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
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  async send(actor: Actor, dto: CampaignMessageDto): Promise<CampaignMessageResult> {
    const markKey = `${this.config.REDIS_PREFIX}campaign-message:${actor.companyId}:${dto.key}`;
    // the message's WhatsApp id comes from its key: a retry sends the same message, never a second one
    const newMessageId = derivedMessageId('campaign', actor.companyId, dto.key);
    const { result, duplicate } = await once(
      this.redis,
      markKey,
      '',
      KEY_TTL_SECONDS,
      async () => {
        // a Cloud API campaign's template, filled by the sessions service (approved, a value for each variable)
        const rendered = dto.template
          ? await this.rpc.request(SessionsSubjects.templateRender, {
              companyId: actor.companyId,
              whatsappId: dto.whatsappId,
              template: dto.template,
            })
          : undefined;
        const outgoing = rendered
          ? { body: storableText(rendered.text), template: rendered.template }
          : { body: dto.body, media: dto.media };
        // one transaction finds (or makes) the contact and the ticket and stores the message unsent
        const { ticket, contactId, pending } = await this.database.withTenant(actor.companyId, async (tx) => {
          const contact = await this.repository.contactFor(tx, actor.companyId, dto.number, dto.name, dto.email);
          const found = await this.views.one(
            tx,
            actor.companyId,
            await this.repository.ticketFor(tx, actor.companyId, contact.id, dto.whatsappId),
          );
          return {
            ticket: found,
            contactId: contact.id,
            pending: await this.sender.storePending(tx, found, { ...outgoing, minGapMs: dto.minGapMs, newMessageId }),
          };
        });
        // a confirmation request: the reply is awaited before it can arrive
        if (dto.awaitReplyMs) await this.replies.await(actor.companyId, dto.whatsappId, dto.number, dto.awaitReplyMs);
        await this.sender.deliver(ticket, pending);
        return { contactId, ticketId: ticket.id };
      },
      { resendable: true },
    );
    return { ...result, duplicate };
  }

  tagContacts(actor: Actor, tagId: number): Promise<TagContactsView> {
    return this.database.withTenant(actor.companyId, async (tx) => ({
      contacts: await this.repository.taggedContacts(tx, actor.companyId, tagId),
    }));
  }
}
