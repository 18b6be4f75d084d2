import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, type Actor, type CompanyPlanView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';

/** Plan limits, asked of the identity service (which owns plans); 0 means no limit. */
@Injectable()
export class PlanLimits {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  async queues(actor: Actor): Promise<number> {
    const company = await this.rpc.request<CompanyPlanView>(IdentitySubjects.companiesPlan, { companyId: actor.companyId }, { actor });
    return company.plan.queues;
  }
}

export function withinLimit(limit: number, current: number): boolean {
  return limit === 0 || current < limit;
}
