import { Inject, Injectable } from '@nestjs/common';
import type { Actor, UpdateTicketDto } from '@atrium/contracts';
import { requireAiReferences, RpcClient } from '@atrium/messaging';
import { DirectoryService } from '../../directory/directory.service.js';

/** What a ticket's change names in other services, checked before it is made: the ai's prompt or integration, the agent. */
@Injectable()
export class TicketReferences {
  constructor(
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  async requireFor(actor: Actor, dto: UpdateTicketDto): Promise<void> {
    await requireAiReferences(this.rpc, actor, { promptId: dto.promptId, integrationId: dto.integrationId });
    await this.directory.requireUsers(actor, [dto.userId ?? actor.userId]);
  }
}
