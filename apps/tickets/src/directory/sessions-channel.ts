import { Inject, Injectable } from '@nestjs/common';
import {
  OUTBOUND_COMMAND_TIMEOUT_MS,
  SessionsSubjects,
  type OutboundCommandDto,
  type OutboundRequestDto,
  type OutboundResult,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';

/** The contact or group a ticket talks to, as a chat id of the outbound contract. */
export function chatIdOf(contact: { number: string | null; lid: string | null; isGroup: boolean }): string | null {
  if (contact.isGroup) return contact.number ? `${contact.number}@g.us` : null;
  if (contact.number) return contact.number;
  return contact.lid ? `${contact.lid}@lid` : null;
}

/** Outbound commands to a WhatsApp connection, through the sessions service (SessionsSubjects.command). */
@Injectable()
export class SessionsChannel {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  command<T extends OutboundResult>(companyId: number, whatsappId: number, command: OutboundCommandDto, timeoutMs = OUTBOUND_COMMAND_TIMEOUT_MS): Promise<T> {
    const request: OutboundRequestDto = { companyId, whatsappId, command };
    return this.rpc.request<T>(SessionsSubjects.command, request, { timeoutMs });
  }
}
