import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IdentitySubjects, PageQueryDto, PlanDto, UpdatePlanDto, type Actor, type Page, type PlanView, type PublicPlanView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { PlansService } from './plans.service.js';

@Controller()
export class PlansController {
  constructor(@Inject(PlansService) private readonly plans: PlansService) {}

  /** Public: no actor. */
  @MessagePattern(IdentitySubjects.plansPublicList)
  publicList(): Promise<PublicPlanView[]> {
    return this.plans.publicList();
  }

  @MessagePattern(IdentitySubjects.plansList)
  list(@RpcActor() actor: Actor): Promise<PlanView[]> {
    return this.plans.list(actor);
  }

  @MessagePattern(IdentitySubjects.plansPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: PageQueryDto }) query: PageQueryDto): Promise<Page<PlanView>> {
    return this.plans.page(actor, query);
  }

  @MessagePattern(IdentitySubjects.plansShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<PlanView> {
    return this.plans.show(actor, id);
  }

  @MessagePattern(IdentitySubjects.plansCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: PlanDto }) dto: PlanDto): Promise<PlanView> {
    return this.plans.create(actor, dto);
  }

  @MessagePattern(IdentitySubjects.plansUpdate)
  update(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: UpdatePlanDto, path: 'body' }) dto: UpdatePlanDto): Promise<PlanView> {
    return this.plans.update(actor, id, dto);
  }

  @MessagePattern(IdentitySubjects.plansDelete)
  async delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    await this.plans.delete(actor, id);
    return { message: 'Plan deleted' };
  }
}
