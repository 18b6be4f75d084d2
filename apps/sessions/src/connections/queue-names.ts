import { Inject, Injectable } from '@nestjs/common';
import { TicketsSubjects, type Actor, type QueueRef } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { LOGGER } from '@atrium/service-kit';

/**
 * Names and colours of a company's queues, asked of the tickets service (which owns queues), so
 * connections show `queues: [{ id, name, color }]`. When tickets does not answer, the ids stay
 * with null names: a connection is still shown.
 */
@Injectable()
export class QueueNames {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A lookup from queue id to its reference; call it once per request, then name each connection's queues. */
  async of(actor: Actor): Promise<(queueIds: number[]) => QueueRef[]> {
    let known = new Map<number, QueueRef>();
    try {
      const queues = await this.rpc.request(TicketsSubjects.queuesList, {}, { actor });
      known = new Map(queues.map((queue) => [queue.id, { id: queue.id, name: queue.name, color: queue.color }]));
    } catch (error) {
      this.logger.warn({ err: error, companyId: actor.companyId }, 'queue names unavailable');
    }
    return (queueIds) => queueIds.map((id) => known.get(id) ?? { id, name: null, color: null });
  }
}
