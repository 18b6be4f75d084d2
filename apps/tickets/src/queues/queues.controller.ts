import { Controller, Inject } from '@nestjs/common';
import {
  QueueDto,
  ReadModelPageDto,
  TicketsReferencesDto,
  TicketsSubjects,
  UpdateQueueDto,
  type Actor,
  type MissingReferences,
  type QueueRefRecord,
  type QueueView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { QueuesService } from './queues.service.js';

@Controller()
export class QueuesController {
  constructor(@Inject(QueuesService) private readonly queues: QueuesService) {}

  @RpcHandler(TicketsSubjects.queuesList)
  list(@RpcActor() actor: Actor): Promise<QueueView[]> {
    return this.queues.list(actor);
  }

  @RpcHandler(TicketsSubjects.queuesShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<QueueView> {
    return this.queues.show(actor, id);
  }

  /** For identity's read model of queues, reconciled on its start (no actor; not reachable from the gateway). */
  @RpcHandler(TicketsSubjects.queuesRefs)
  refs(@RpcData({ dto: ReadModelPageDto }) page: ReadModelPageDto): Promise<QueueRefRecord[]> {
    return this.queues.refs(page.afterId ?? 0);
  }

  @RpcHandler(TicketsSubjects.referencesMissing)
  missing(@RpcActor() actor: Actor, @RpcData({ dto: TicketsReferencesDto }) dto: TicketsReferencesDto): Promise<MissingReferences> {
    return this.queues.missing(actor, dto);
  }

  @RpcHandler(TicketsSubjects.queuesCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: QueueDto }) dto: QueueDto): Promise<QueueView> {
    return this.queues.create(actor, dto);
  }

  @RpcHandler(TicketsSubjects.queuesUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateQueueDto, path: 'body' }) dto: UpdateQueueDto,
  ): Promise<QueueView> {
    return this.queues.update(actor, id, dto);
  }

  @RpcHandler(TicketsSubjects.queuesDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.queues.delete(actor, id);
  }
}
