import { Inject, Injectable } from '@nestjs/common';
import type { InboundCallEvent } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { ChatbotService } from '../chatbot/chatbot.service.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { ConversationResolver } from './conversation-resolver.js';
import { InboundCallPolicy } from './inbound-call-policy.js';
import type { InboundOutcome } from './inbound-handler.js';
import { InboundViews } from './inbound-views.js';

/**
 * A call: its notice stored in the conversation once (`call:<id>`, updated as the call goes on),
 * its contact and ticket found or created as a message's; refused (and the customer told so) when
 * the company takes no calls.
 */
@Injectable()
export class InboundCalls {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(ConversationResolver) private readonly conversations: ConversationResolver,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(InboundViews) private readonly views: InboundViews,
    @Inject(ChatbotService) private readonly chatbot: ChatbotService,
    @Inject(InboundCallPolicy) private readonly policy: InboundCallPolicy,
  ) {}

  async handle(event: InboundCallEvent): Promise<InboundOutcome> {
    const { companyId, whatsappId, call } = event;
    const wid = `call:${call.id}`;
    const body = this.policy.noticeBody(call);
    const refusal = await this.policy.refusal(event);
    const stored = await this.database.withTenant(companyId, async (tx) => {
      const [existing] = await this.messages.findByWids(tx, companyId, [{ whatsappId, wid }]);
      if (existing) {
        if (existing.body === body) return undefined;
        await this.messages.update(tx, companyId, existing.id, { body });
        return { updated: await this.views.updated(tx, existing) };
      }
      const chat = { id: call.chatId, isGroup: false, name: null };
      const resolved = await this.conversations.resolve(tx, companyId, [{ whatsappId, chat, from: call.from, fromMe: false }]);
      const conversation = resolved.conversations[0];
      const row = await this.messages.insertIfAbsent(tx, {
        companyId,
        ticketId: conversation!.ticket.id,
        contactId: conversation!.contact.id,
        whatsappId,
        wid,
        body,
        fromMe: false,
        mediaType: 'call_log',
      });
      if (!row) return undefined;
      await this.tickets.touch(tx, companyId, row.ticketId, body, true);
      const ticket = await this.views.ticket(tx, companyId, row.ticketId);
      const created = {
        messages: [await this.views.messageView(tx, conversation!, row)],
        tickets: new Map([[ticket.id, ticket]]),
        contacts: await this.views.contactViewsOf(tx, companyId, resolved),
      };
      // the customer whose call is rejected is told so, in the company's language
      const replies = refusal ? await this.chatbot.queue(tx, [{ companyId, ticketId: row.ticketId, texts: [refusal] }]) : [];
      return { created, replies };
    });
    return {
      outcome: 'done',
      announce: () => {
        if (stored?.created) this.views.announceCreated(stored.created);
        if (stored?.updated) this.views.announceUpdated(stored.updated);
        if (refusal !== undefined) this.policy.reject(event);
        if (stored?.replies) this.chatbot.send(stored.replies);
      },
    };
  }
}
