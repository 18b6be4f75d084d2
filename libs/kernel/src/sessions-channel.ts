import { Inject, Injectable } from '@nestjs/common';
import {
  OUTBOUND_COMMAND_TIMEOUT_MS,
  SessionsSubjects,
  type OutboundCommandDto,
  type OutboundCommandType,
  type OutboundResults,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';

/** One outbound command of a given type (its other fields as OutboundCommandDto documents them). */
export type OutboundCommand<T extends OutboundCommandType> = OutboundCommandDto & { type: T };

/**
 * Outbound commands to a WhatsApp connection (send, check a number, mark read, ...), through
 * the sessions service (`SessionsSubjects.command`). The command's type decides the result's:
 * `sendText` resolves to a SentMessageResult, `checkNumber` to a CheckNumberResult.
 */
@Injectable()
export class SessionsChannel {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  async command<T extends OutboundCommandType>(
    companyId: number,
    whatsappId: number,
    command: OutboundCommand<T>,
    timeoutMs = OUTBOUND_COMMAND_TIMEOUT_MS,
  ): Promise<OutboundResults[T]> {
    // the sessions service answers each type with its OutboundResults entry (outbound.controller.ts)
    return (await this.rpc.request(SessionsSubjects.command, { companyId, whatsappId, command }, { timeoutMs })) as OutboundResults[T];
  }
}
