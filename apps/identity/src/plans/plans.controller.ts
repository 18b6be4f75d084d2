import { Controller, Inject } from '@nestjs/common';
import {
  IdentitySubjects,
  PageQueryDto,
  PlanDto,
  UpdatePlanDto,
  type Actor,
  type Page,
  type PlanView,
  type PublicPlanView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { PlansService } from './plans.service.js';

@Controller()
export class PlansController {
  constructor(@Inject(PlansService) private readonly plans: PlansService) {}

  /** Public: no actor. */
  @RpcHandler(IdentitySubjects.plansPublicList)
  publicList(): Promise<PublicPlanView[]> {
    return this.plans.publicList();
  }

  @RpcHandler(IdentitySubjects.plansList)
  list(@RpcActor() actor: Actor): Promise<PlanView[]> {
    return this.plans.list(actor);
  }

  @RpcHandler(IdentitySubjects.plansPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: PageQueryDto }) query: PageQueryDto): Promise<Page<PlanView>> {
    return this.plans.page(actor, query);
  }

  @RpcHandler(IdentitySubjects.plansShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<PlanView> {
    return this.plans.show(actor, id);
  }

  @RpcHandler(IdentitySubjects.plansCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: PlanDto }) dto: PlanDto): Promise<PlanView> {
    return this.plans.create(actor, dto);
  }

  @RpcHandler(IdentitySubjects.plansUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdatePlanDto, path: 'body' }) dto: UpdatePlanDto,
  ): Promise<PlanView> {
    return this.plans.update(actor, id, dto);
  }

  @RpcHandler(IdentitySubjects.plansDelete)
  async delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    await this.plans.delete(actor, id);
    return { message: 'Plan deleted' };
  }
}
