import { Inject, Injectable } from '@nestjs/common';
import { TicketsSubjects, type Actor, type WhatsappDto } from '@atrium/contracts';
import { requireAiReferences, requireReferences, RpcClient } from '@atrium/messaging';
import { QueueNames } from './queue-names.js';

/** What a connection names in other services: the ai service's prompt, integration and flow, the tickets service's queues. */
@Injectable()
export class ConnectionReferences {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(QueueNames) private readonly queueNames: QueueNames,
  ) {}

  /**
   * Every record the connection names belongs to the actor's company: the prompt and the
   * integration are the ai service's, the queues (its own and the one it transfers to) the
   * tickets service's; ERR_VALIDATION on the field otherwise, before anything is stored.
   */
  async require(
    actor: Actor,
    fields: Pick<WhatsappDto, 'promptId' | 'integrationId' | 'flowId' | 'transferQueueId'>,
    queueIds: number[] | undefined,
  ): Promise<void> {
    await requireAiReferences(this.rpc, actor, { promptId: fields.promptId, integrationId: fields.integrationId, flowId: fields.flowId });
    await requireReferences(this.rpc, TicketsSubjects.referencesMissing, actor, { queueIds }, { queueIds: 'queueIds' });
    const transferQueueIds = typeof fields.transferQueueId === 'number' ? [fields.transferQueueId] : undefined;
    await requireReferences(
      this.rpc,
      TicketsSubjects.referencesMissing,
      actor,
      { queueIds: transferQueueIds },
      { queueIds: 'transferQueueId' },
    );
  }

  /** The names of the company's queues, to show with its connections (one question to tickets). */
  queueNamesOf(actor: Actor): ReturnType<QueueNames['of']> {
    return this.queueNames.of(actor);
  }
}
