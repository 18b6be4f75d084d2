import { Controller, Inject } from '@nestjs/common';
import {
  QueueOptionDto,
  QueueOptionsQueryDto,
  TicketsSubjects,
  UpdateQueueOptionDto,
  type Actor,
  type QueueOptionView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { QueueOptionsService } from './queue-options.service.js';

@Controller()
export class QueueOptionsController {
  constructor(@Inject(QueueOptionsService) private readonly options: QueueOptionsService) {}

  @RpcHandler(TicketsSubjects.queueOptionsList)
  list(@RpcActor() actor: Actor, @RpcData({ dto: QueueOptionsQueryDto }) query: QueueOptionsQueryDto): Promise<QueueOptionView[]> {
    return this.options.list(actor, query);
  }

  @RpcHandler(TicketsSubjects.queueOptionsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: QueueOptionDto }) dto: QueueOptionDto): Promise<QueueOptionView> {
    return this.options.create(actor, dto);
  }

  @RpcHandler(TicketsSubjects.queueOptionsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateQueueOptionDto, path: 'body' }) dto: UpdateQueueOptionDto,
  ): Promise<QueueOptionView> {
    return this.options.update(actor, id, dto);
  }

  @RpcHandler(TicketsSubjects.queueOptionsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.options.delete(actor, id);
  }
}
