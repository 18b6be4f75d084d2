import { Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { failedInboundEvents } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type FailedInboundEventRow = typeof failedInboundEvents.$inferSelect;
export type NewFailedInboundEvent = typeof failedInboundEvents.$inferInsert;

/** The dead letters of the inbound stream: events that could not be stored. */
@Injectable()
export class FailedInboundEventsRepository {
  async insert(tx: TicketsTx, values: NewFailedInboundEvent): Promise<void> {
    await tx.insert(failedInboundEvents).values(values);
  }

  /** The company's latest dead letters, newest first. */
  latest(tx: TicketsTx, companyId: number, limit: number): Promise<FailedInboundEventRow[]> {
    return tx
      .select()
      .from(failedInboundEvents)
      .where(eq(failedInboundEvents.companyId, companyId))
      .orderBy(desc(failedInboundEvents.failedAt), desc(failedInboundEvents.id))
      .limit(limit);
  }
}
