import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { OutboundRequestDto, SessionsSubjects, type OutboundResult } from '@atrium/contracts';
import { RpcData } from '@atrium/messaging';
import { SessionSupervisor } from '../runtime/session-supervisor.js';
import { ConnectionsService } from './connections.service.js';

/**
 * Outbound commands from other services (tickets, campaigns, the external API): checked against
 * the company, then run by the replica that runs the session, paced per number.
 */
@Controller()
export class OutboundController {
  constructor(
    @Inject(ConnectionsService) private readonly connections: ConnectionsService,
    @Inject(SessionSupervisor) private readonly sessions: SessionSupervisor,
  ) {}

  @MessagePattern(SessionsSubjects.command)
  async command(@RpcData({ dto: OutboundRequestDto }) request: OutboundRequestDto): Promise<OutboundResult> {
    await this.connections.assertExists(request.companyId, request.whatsappId);
    return this.sessions.command({ companyId: request.companyId, whatsappId: request.whatsappId }, request.command);
  }
}
