import { Controller, Inject } from '@nestjs/common';
import { AppError, ErrorCode, OutboundRequestDto, SessionsSubjects, type OutboundResult } from '@atrium/contracts';
import { RpcData, RpcHandler } from '@atrium/messaging';
import { SessionSupervisor } from '../runtime/session-supervisor.js';
import { ConnectionsService } from './connections.service.js';

/**
 * Outbound commands from other services (tickets, campaigns, the external API): run by the
 * replica that runs the session, paced per number, which checks the session is the company's
 * (ERR_NO_WAPP_FOUND). A session no replica runs is looked up only to tell a connection the
 * company does not have (ERR_NO_WAPP_FOUND) from one not running (ERR_WAPP_NOT_INITIALIZED).
 */
@Controller()
export class OutboundController {
  constructor(
    @Inject(ConnectionsService) private readonly connections: ConnectionsService,
    @Inject(SessionSupervisor) private readonly sessions: SessionSupervisor,
  ) {}

  @RpcHandler(SessionsSubjects.command)
  async command(@RpcData({ dto: OutboundRequestDto }) request: OutboundRequestDto): Promise<OutboundResult> {
    try {
      return await this.sessions.command({ companyId: request.companyId, whatsappId: request.whatsappId }, request.command);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.ERR_WAPP_NOT_INITIALIZED)
        await this.connections.assertExists(request.companyId, request.whatsappId);
      throw error;
    }
  }
}
