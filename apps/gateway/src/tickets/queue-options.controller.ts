import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  QueueOptionDto,
  QueueOptionsQueryDto,
  TicketsSubjects,
  UpdateQueueOptionDto,
  type ActorState,
  type QueueOptionView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** A queue's option tree, the chatbot's menus (spec 001 "Queue options"): everyone reads it, admins manage it. */
@Controller('queue-options')
export class QueueOptionsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** One level: `parentId` -1 (or absent) is the root. */
  @Get()
  list(@CurrentActor() actor: ActorState, @Query() query: QueueOptionsQueryDto): Promise<QueueOptionView[]> {
    return this.rpc.request(TicketsSubjects.queueOptionsList, query, { actor });
  }

  @Post()
  @RequiresPermission('queues:manage')
  create(@CurrentActor() actor: ActorState, @Body() body: QueueOptionDto): Promise<QueueOptionView> {
    return this.rpc.request(TicketsSubjects.queueOptionsCreate, body, { actor });
  }

  @Put(':id')
  @RequiresPermission('queues:manage')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateQueueOptionDto): Promise<QueueOptionView> {
    return this.rpc.request(TicketsSubjects.queueOptionsUpdate, { id, body }, { actor });
  }

  /** Deletes the option and its subtree. */
  @Delete(':id')
  @RequiresPermission('queues:manage')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(TicketsSubjects.queueOptionsDelete, { id }, { actor });
  }
}
