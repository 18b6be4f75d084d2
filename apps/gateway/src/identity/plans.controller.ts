import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { IdentitySubjects, PageQueryDto, PlanDto, UpdatePlanDto, type ActorState, type PlanView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, Roles } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/**
 * Plans, for super users (spec 001 section 7). GET /plans/list, the public list for signup, is
 * served by the PublicController, which the module registers before this one.
 */
@Controller('plans')
@Roles('super')
export class PlansController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  async page(
    @CurrentActor() actor: ActorState,
    @Query() query: PageQueryDto,
  ): Promise<{ plans: PlanView[]; count: number; hasMore: boolean }> {
    const page = await this.rpc.request(IdentitySubjects.plansPage, query, { actor });
    return { plans: page.records, count: page.count, hasMore: page.hasMore };
  }

  @Get('all')
  all(@CurrentActor() actor: ActorState): Promise<PlanView[]> {
    return this.rpc.request(IdentitySubjects.plansList, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<PlanView> {
    return this.rpc.request(IdentitySubjects.plansShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: PlanDto): Promise<PlanView> {
    return this.rpc.request(IdentitySubjects.plansCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdatePlanDto): Promise<PlanView> {
    return this.rpc.request(IdentitySubjects.plansUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(IdentitySubjects.plansDelete, { id }, { actor });
  }
}
