import { Inject, Injectable } from '@nestjs/common';
import { CHECK_NUMBERS_LIMIT, SessionsSubjects, type Actor, type WhatsappView } from '@atrium/contracts';
import { SessionsChannel } from '@atrium/kernel';
import { RpcClient } from '@atrium/messaging';

/** The numbers WhatsApp can be asked about (CheckNumbers takes 8 to 20 digits; longer ones cannot be on WhatsApp). */
const ASKABLE = /^\d{8,20}$/;

/**
 * Asks WhatsApp which numbers exist, in batches of CHECK_NUMBERS_LIMIT through the sessions
 * service's `checkNumbers` command (one round trip per batch, never per number), on the company's
 * default connection when it is connected, else on any connected one.
 */
@Injectable()
export class WhatsappNumberChecker {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
  ) {}

  static readonly BATCH = CHECK_NUMBERS_LIMIT;

  async connectionOf(companyId: number): Promise<number | null> {
    const connections = await this.rpc.request(SessionsSubjects.whatsappList, {}, { actor: companyAdmin(companyId) });
    const connected = connections.filter((c: WhatsappView) => c.status === 'CONNECTED');
    return (connected.find((c) => c.isDefault) ?? connected[0])?.id ?? null;
  }

  async check(companyId: number, whatsappId: number, numbers: string[]): Promise<Map<string, boolean>> {
    const valid = new Map<string, boolean>();
    const askable = [...new Set(numbers.filter((n) => ASKABLE.test(n)))];
    for (const number of numbers) if (!ASKABLE.test(number)) valid.set(number, false);
    for (let i = 0; i < askable.length; i += CHECK_NUMBERS_LIMIT) {
      const batch = askable.slice(i, i + CHECK_NUMBERS_LIMIT);
      const { results } = await this.channel.command(companyId, whatsappId, { type: 'checkNumbers', numbers: batch });
      for (const result of results) valid.set(result.number, result.exists);
    }
    return valid;
  }
}

/** The campaigns service asks about the company's connections with an admin's reach (the list is the company's). */
function companyAdmin(companyId: number): Actor {
  return {
    userId: 0,
    companyId,
    profile: 'admin',
    super: false,
    queueIds: [],
    allTicket: 'enabled',
    sessionId: `contact-list-check-${companyId}`,
  };
}
