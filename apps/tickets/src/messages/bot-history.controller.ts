import { Controller, Inject } from '@nestjs/common';
import { BotHandoffSubjects, BotHistoryQuery, type BotHistoryResult } from '@atrium/contracts';
import { RpcData, RpcHandler } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { MessagesRepository } from './messages.repository.js';

/**
 * `tickets.bot.history` (libs/contracts tickets/bot-handoff.ts): the context an AI assistant reads,
 * the ticket's last text messages in reading order. Asked by the ai service without an actor; the
 * tenant transaction of the named company keeps it to that company's ticket.
 */
@Controller()
export class BotHistoryController {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
  ) {}

  @RpcHandler(BotHandoffSubjects.history)
  async history(@RpcData({ dto: BotHistoryQuery }) query: BotHistoryQuery): Promise<BotHistoryResult> {
    const rows = await this.database.withTenant(query.companyId, (tx) =>
      this.messages.lastTexts(tx, query.companyId, query.ticketId, query.limit),
    );
    return {
      messages: rows.reverse().map((row) => ({ id: row.id, fromMe: row.fromMe, body: row.body, createdAt: row.createdAt.toISOString() })),
    };
  }
}
