import { Inject, Injectable } from '@nestjs/common';
import type { Actor, InboundFailureView } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { requireAdmin } from '@atrium/kernel';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { FailedInboundEventsRepository, type FailedInboundEventRow } from './failed-inbound-events.repository.js';

/** How many of the latest dead letters an admin sees. */
const SHOWN = 200;

function toView(row: FailedInboundEventRow): InboundFailureView {
  return {
    id: row.id,
    whatsappId: row.whatsappId,
    eventType: row.eventType,
    attempts: row.attempts,
    reason: row.reason,
    event: row.event,
    failedAt: row.failedAt.toISOString(),
  };
}

/** The company's inbound events that could not be stored (the inbound stream's dead letters), for its admins. */
@Injectable()
export class InboundFailuresService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(FailedInboundEventsRepository) private readonly failures: FailedInboundEventsRepository,
  ) {}

  list(actor: Actor): Promise<InboundFailureView[]> {
    requireAdmin(actor);
    return this.database.withTenant(actor.companyId, async (tx) => (await this.failures.latest(tx, actor.companyId, SHOWN)).map(toView));
  }
}
