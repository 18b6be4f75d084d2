import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, type Actor, type CompanyPlanView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';

/** Plan limits, asked of the identity service (which owns plans). */
@Injectable()
export class PlanLimits {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** How many connections the actor's company may have; 0 means no limit (as for users). */
  async connections(actor: Actor): Promise<number> {
    const company = await this.rpc.request<CompanyPlanView>(IdentitySubjects.companiesPlan, { companyId: actor.companyId }, { actor });
    return company.plan.connections;
  }
}

export function withinLimit(limit: number, current: number): boolean {
  return limit === 0 || current < limit;
}
