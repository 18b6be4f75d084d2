import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor, type CheckNumberResult } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER } from '@atrium/service-kit';
import { SessionsChannel } from '@atrium/kernel';
import { DirectoryService } from '../directory/directory.service.js';

/** Errors that mean "no connection can check right now", not "the number is bad". */
const UNREACHABLE = new Set<ErrorCode>([
  ErrorCode.ERR_WAPP_NOT_INITIALIZED,
  ErrorCode.ERR_SERVICE_UNAVAILABLE,
  ErrorCode.ERR_NO_WAPP_FOUND,
]);

/**
 * Asks WhatsApp whether a number exists (sessions `checkNumber`) through the company's connected
 * connection (the default one first). Without a connected connection the number is accepted
 * unchecked: a company may enter its contacts before pairing a phone, and a ticket to a number
 * that is not on WhatsApp fails when its first message is sent.
 */
@Injectable()
export class NumberChecker {
  constructor(
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The number as WhatsApp knows it; ERR_WAPP_INVALID_CONTACT when it is not on WhatsApp. */
  async check(actor: Actor, number: string): Promise<string> {
    const connections = await this.directory.connections(actor);
    const connected = connections.filter((c) => c.status === 'CONNECTED').sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    const connection = connected[0];
    if (!connection) return number;
    let result: CheckNumberResult;
    try {
      result = await this.channel.command(actor.companyId, connection.id, { type: 'checkNumber', number }, 15_000);
    } catch (error) {
      if (error instanceof AppError && UNREACHABLE.has(error.code)) {
        this.logger.info(
          { companyId: actor.companyId, whatsappId: connection.id, code: error.code },
          'number not checked: connection unreachable',
        );
        return number;
      }
      if (error instanceof AppError && error.code === ErrorCode.ERR_WAPP_INVALID_CONTACT) throw error;
      throw new AppError(ErrorCode.ERR_WAPP_CHECK_CONTACT);
    }
    if (!result.exists) throw new AppError(ErrorCode.ERR_WAPP_INVALID_CONTACT);
    return result.chatId && /^\d{8,50}$/.test(result.chatId) ? result.chatId : number;
  }
}
