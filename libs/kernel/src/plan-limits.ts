import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, type Actor, type PlanView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';

/** The counted resources a plan limits (PlanView's numbers). */
export type PlanLimit = keyof Pick<PlanView, 'users' | 'connections' | 'queues'>;

/** Whether one more fits: `limit` 0 means no limit. */
export function withinLimit(limit: number, current: number): boolean {
  return limit === 0 || current < limit;
}

/** A company's plan limits, asked of the identity service (which owns plans); 0 means no limit. */
@Injectable()
export class PlanLimits {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** How many of `resource` the actor's company may have. */
  async of(actor: Actor, resource: PlanLimit): Promise<number> {
    const company = await this.rpc.request(IdentitySubjects.companiesPlan, { companyId: actor.companyId }, { actor });
    return company.plan[resource];
  }
}
