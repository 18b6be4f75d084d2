import { Controller, Inject } from '@nestjs/common';
import { TicketsSubjects, type Actor, type InboundFailureView } from '@atrium/contracts';
import { RpcActor, RpcHandler } from '@atrium/messaging';
import { InboundFailuresService } from './inbound-failures.service.js';

@Controller()
export class InboundFailuresController {
  constructor(@Inject(InboundFailuresService) private readonly failures: InboundFailuresService) {}

  @RpcHandler(TicketsSubjects.inboundFailuresList)
  list(@RpcActor() actor: Actor): Promise<InboundFailureView[]> {
    return this.failures.list(actor);
  }
}
