import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { QueueDto, TicketsSubjects, UpdateQueueDto, type Actor, type QueueView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { QueuesService } from './queues.service.js';

@Controller()
export class QueuesController {
  constructor(@Inject(QueuesService) private readonly queues: QueuesService) {}

  @MessagePattern(TicketsSubjects.queuesList)
  list(@RpcActor() actor: Actor): Promise<QueueView[]> {
    return this.queues.list(actor);
  }

  @MessagePattern(TicketsSubjects.queuesShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<QueueView> {
    return this.queues.show(actor, id);
  }

  @MessagePattern(TicketsSubjects.queuesCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: QueueDto }) dto: QueueDto): Promise<QueueView> {
    return this.queues.create(actor, dto);
  }

  @MessagePattern(TicketsSubjects.queuesUpdate)
  update(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: UpdateQueueDto, path: 'body' }) dto: UpdateQueueDto): Promise<QueueView> {
    return this.queues.update(actor, id, dto);
  }

  @MessagePattern(TicketsSubjects.queuesDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.queues.delete(actor, id);
  }
}
