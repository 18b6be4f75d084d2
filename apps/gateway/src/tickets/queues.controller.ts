import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import { QueueDto, TicketsSubjects, UpdateQueueDto, type ActorState, type QueueView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Queues' basic data (spec 001 "Queues"): everyone reads them, admins manage them. */
@Controller('queue')
export class QueuesController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** `companyId` in the query is ignored: the token decides. */
  @Get()
  list(@CurrentActor() actor: ActorState): Promise<QueueView[]> {
    return this.rpc.request(TicketsSubjects.queuesList, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<QueueView> {
    return this.rpc.request(TicketsSubjects.queuesShow, { id }, { actor });
  }

  @Post()
  @RequiresPermission('queues:manage')
  create(@CurrentActor() actor: ActorState, @Body() body: QueueDto): Promise<QueueView> {
    return this.rpc.request(TicketsSubjects.queuesCreate, body, { actor });
  }

  @Put(':id')
  @RequiresPermission('queues:manage')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateQueueDto): Promise<QueueView> {
    return this.rpc.request(TicketsSubjects.queuesUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  @RequiresPermission('queues:manage')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(TicketsSubjects.queuesDelete, { id }, { actor });
  }
}
