import { Controller, Inject } from '@nestjs/common';
import {
  AiSubjects,
  FlowCreateDto,
  FlowFromQueueMenuDto,
  FlowsQueryDto,
  FlowUpdateDto,
  type Actor,
  type Done,
  type FlowPublishView,
  type FlowsPageView,
  type FlowStatsView,
  type FlowView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { FlowsFromQueueMenu } from './flows-from-queue-menu.js';
import { FlowsService } from './flows.service.js';

/** Thin: validates at the NATS boundary, calls one service method. */
@Controller()
export class FlowsController {
  constructor(
    @Inject(FlowsService) private readonly flows: FlowsService,
    @Inject(FlowsFromQueueMenu) private readonly fromQueueMenu: FlowsFromQueueMenu,
  ) {}

  @RpcHandler(AiSubjects.flowsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: FlowsQueryDto }) query: FlowsQueryDto): Promise<FlowsPageView> {
    return this.flows.page(actor, query);
  }

  @RpcHandler(AiSubjects.flowsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<FlowView> {
    return this.flows.show(actor, id);
  }

  @RpcHandler(AiSubjects.flowsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: FlowCreateDto }) dto: FlowCreateDto): Promise<FlowView> {
    return this.flows.create(actor, dto);
  }

  @RpcHandler(AiSubjects.flowsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: FlowUpdateDto, path: 'body' }) dto: FlowUpdateDto,
  ): Promise<FlowView> {
    return this.flows.update(actor, id, dto);
  }

  @RpcHandler(AiSubjects.flowsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<Done> {
    return this.flows.delete(actor, id);
  }

  @RpcHandler(AiSubjects.flowsPublish)
  publish(@RpcActor() actor: Actor, @RpcId() id: number): Promise<FlowPublishView> {
    return this.flows.publish(actor, id);
  }

  @RpcHandler(AiSubjects.flowsStats)
  stats(@RpcActor() actor: Actor, @RpcId() id: number): Promise<FlowStatsView> {
    return this.flows.stats(actor, id);
  }

  @RpcHandler(AiSubjects.flowsFromQueueMenu)
  convert(@RpcActor() actor: Actor, @RpcData({ dto: FlowFromQueueMenuDto }) dto: FlowFromQueueMenuDto): Promise<FlowView> {
    return this.fromQueueMenu.convert(actor, dto);
  }
}
