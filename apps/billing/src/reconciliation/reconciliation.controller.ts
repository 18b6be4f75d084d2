import { Controller, Inject } from '@nestjs/common';
import { BillingSubjects, ReconciliationQueryDto, type Actor, type ReconciliationRow } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { ReconciliationService } from './reconciliation.service.js';

@Controller()
export class ReconciliationController {
  constructor(@Inject(ReconciliationService) private readonly reconciliation: ReconciliationService) {}

  @RpcHandler(BillingSubjects.reconciliationList)
  list(@RpcActor() actor: Actor, @RpcData({ dto: ReconciliationQueryDto }) query: ReconciliationQueryDto): Promise<ReconciliationRow[]> {
    return this.reconciliation.list(actor, query);
  }
}
