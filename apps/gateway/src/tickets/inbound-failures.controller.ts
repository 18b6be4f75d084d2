import { Controller, Get, Inject } from '@nestjs/common';
import { TicketsSubjects, type ActorState, type InboundFailureView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';

/**
 * The company's WhatsApp events that could not be stored after their attempts (the inbound
 * stream's dead letters), newest first, for its admins to see what the conversations miss.
 */
@Controller('inbound-failures')
export class InboundFailuresController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  @RequiresPermission('connections:manage')
  list(@CurrentActor() actor: ActorState): Promise<InboundFailureView[]> {
    return this.rpc.request(TicketsSubjects.inboundFailuresList, {}, { actor });
  }
}
