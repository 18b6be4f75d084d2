import { Body, Controller, Delete, Get, Inject, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { IdentitySubjects, PageQueryDto, PlanDto, UpdatePlanDto, type ActorState, type Page, type PlanView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, Roles } from '../auth/decorators.js';

/**
 * Plans, for super users (spec 001 section 7). GET /plans/list, the public list for signup, is
 * served by the PublicController, which the module registers before this one.
 */
@Controller('plans')
@Roles('super')
export class PlansController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  async page(@CurrentActor() actor: ActorState, @Query() query: PageQueryDto): Promise<{ plans: PlanView[]; count: number; hasMore: boolean }> {
    const page = await this.rpc.request<Page<PlanView>>(IdentitySubjects.plansPage, query, { actor });
    return { plans: page.records, count: page.count, hasMore: page.hasMore };
  }

  @Get('all')
  all(@CurrentActor() actor: ActorState): Promise<PlanView[]> {
    return this.rpc.request<PlanView[]>(IdentitySubjects.plansList, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', ParseIntPipe) id: number): Promise<PlanView> {
    return this.rpc.request<PlanView>(IdentitySubjects.plansShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: PlanDto): Promise<PlanView> {
    return this.rpc.request<PlanView>(IdentitySubjects.plansCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', ParseIntPipe) id: number, @Body() body: UpdatePlanDto): Promise<PlanView> {
    return this.rpc.request<PlanView>(IdentitySubjects.plansUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', ParseIntPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request<{ message: string }>(IdentitySubjects.plansDelete, { id }, { actor });
  }
}
