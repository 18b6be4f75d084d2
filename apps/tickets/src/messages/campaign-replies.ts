import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { IntegrationOutbox } from '@atrium/messaging';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import type { TicketsTx } from '../shared/tickets-database.js';

/** A customer message just stored, as a possible answer to a campaign's confirmation request. */
export interface PossibleAnswer {
  companyId: number;
  whatsappId: number;
  number: string | null;
  messageId: number;
}

/**
 * Campaign confirmation requests waiting for the recipient's reply (issue 12): a Redis mark per
 * company, connection and number, set before the request is sent and kept for the reply window.
 * A customer message stored while its mark is there states `campaignMessage.answered` in the
 * transaction that stored it (the outbox: the campaigns service hears it even if it was down);
 * the mark is removed after that commit. Only awaited replies cost an event, not every inbound message.
 */
@Injectable()
export class CampaignReplies {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  /** The recipient's next message on the connection, within `windowMs`, answers a campaign. */
  async await(companyId: number, whatsappId: number, number: string, windowMs: number): Promise<void> {
    await this.redis.set(this.key(companyId, whatsappId, number), '1', 'PX', windowMs);
  }

  /**
   * States the answers among these stored customer messages in their transaction; answers a
   * function that clears their marks, to call after the commit.
   */
  async stateAnswers(tx: TicketsTx, messages: PossibleAnswer[]): Promise<() => void> {
    const candidates = messages.filter((message): message is PossibleAnswer & { number: string } => !!message.number);
    if (candidates.length === 0) return () => undefined;
    const keys = candidates.map((message) => this.key(message.companyId, message.whatsappId, message.number));
    const marks = await this.redis.mget(...keys);
    const answered = new Set<string>();
    for (const [i, message] of candidates.entries()) {
      if (marks[i] === null || answered.has(keys[i]!)) continue;
      answered.add(keys[i]!);
      await this.outbox.add(tx, 'campaignMessage.answered', message.companyId, {
        whatsappId: message.whatsappId,
        number: message.number,
        messageId: message.messageId,
      });
    }
    return () => {
      if (answered.size > 0) void this.redis.del(...answered).catch(() => undefined);
    };
  }

  private key(companyId: number, whatsappId: number, number: string): string {
    return `${this.config.REDIS_PREFIX}campaign-reply:${companyId}:${whatsappId}:${number}`;
  }
}
