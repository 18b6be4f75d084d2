import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  SessionsSubjects,
  storableText,
  type Actor,
  type CustomerWindowView,
  type MessageView,
  type TicketTemplateMessageDto,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { windowClosesAt, windowOpen } from '../customer-window/customer-window.js';
import { CustomerWindowsRepository } from '../customer-window/customer-windows.repository.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { MessageSender } from './message-sender.js';

/** How long a template's rendering by the sessions service may take. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * The conversation's side of Meta's customer-service window (issue 26): whether the composer may
 * send free text, and the approved templates it sends when it may not (the sessions service
 * fills the template; the conversation stores its text as the customer reads it).
 */
@Injectable()
export class TemplateMessagesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(CustomerWindowsRepository) private readonly windows: CustomerWindowsRepository,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  async window(actor: Actor, ticketId: number): Promise<CustomerWindowView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const ticket = await this.views.visible(tx, actor, ticketId);
      if (ticket.whatsappId === null)
        return { ticketId, provider: 'beta', applies: false, open: true, lastCustomerMessageAt: null, closesAt: null };
      const [state] = await this.windows.states(tx, actor.companyId, [{ whatsappId: ticket.whatsappId, contactId: ticket.contactId }]);
      const applies = state!.provider === 'cloud';
      const last = state!.lastCustomerMessageAt;
      return {
        ticketId,
        provider: state!.provider,
        applies,
        open: !applies || windowOpen(last),
        lastCustomerMessageAt: last?.toISOString() ?? null,
        closesAt: windowClosesAt(last)?.toISOString() ?? null,
      };
    });
  }

  /** An approved template of the ticket's connection sent with its values (inside or outside the window). */
  async send(actor: Actor, dto: TicketTemplateMessageDto): Promise<MessageView> {
    const ticket = await this.database.withTenant(actor.companyId, (tx) => this.views.visible(tx, actor, dto.ticketId));
    if (ticket.status === 'closed') throw new AppError(ErrorCode.ERR_TICKET_CLOSED);
    const unsendable = MessageSender.unsendable(ticket);
    if (unsendable) throw unsendable;
    const rendered = await this.rpc.request(
      SessionsSubjects.templateRender,
      { companyId: actor.companyId, whatsappId: ticket.whatsappId!, template: dto.template },
      { timeoutMs: RENDER_TIMEOUT_MS },
    );
    return this.sender.send(ticket, { body: storableText(rendered.text), template: rendered.template });
  }
}
