import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  AiSubjects,
  FlowCreateDto,
  FlowFromQueueMenuDto,
  FlowsQueryDto,
  FlowUpdateDto,
  type ActorState,
  type Done,
  type FlowPublishView,
  type FlowsPageView,
  type FlowStatsView,
  type FlowView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Chatbot flows (issue 27, `/flows`); plan flag useIntegrations, admins only. */
@Controller('flows')
@RequiresPlan('useIntegrations')
@RequiresPermission('flows:manage')
export class FlowsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: FlowsQueryDto): Promise<FlowsPageView> {
    return this.rpc.request(AiSubjects.flowsPage, query, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: FlowCreateDto): Promise<FlowView> {
    return this.rpc.request(AiSubjects.flowsCreate, body, { actor });
  }

  /** A new draft reproducing a connection's greeting and queue menus. */
  @Post('from-queue-menu')
  fromQueueMenu(@CurrentActor() actor: ActorState, @Body() body: FlowFromQueueMenuDto): Promise<FlowView> {
    return this.rpc.request(AiSubjects.flowsFromQueueMenu, body, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<FlowView> {
    return this.rpc.request(AiSubjects.flowsShow, { id }, { actor });
  }

  /** The draft: `{ name, nodes, edges }`. */
  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: FlowUpdateDto): Promise<FlowView> {
    return this.rpc.request(AiSubjects.flowsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<Done> {
    return this.rpc.request(AiSubjects.flowsDelete, { id }, { actor });
  }

  /** The draft becomes the next immutable version → `{ version }`. */
  @Post(':id/publish')
  @HttpCode(200)
  publish(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<FlowPublishView> {
    return this.rpc.request(AiSubjects.flowsPublish, { id }, { actor });
  }

  @Get(':id/stats')
  stats(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<FlowStatsView> {
    return this.rpc.request(AiSubjects.flowsStats, { id }, { actor });
  }
}
