import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { flowRuns, type FlowRunStatus } from '../db/schema.js';
import type { AiTx } from '../shared/ai-database.js';
import type { FlowRunState } from '@atrium/contracts';
import type { FlowContact } from '@atrium/contracts';

export type FlowRunRow = typeof flowRuns.$inferSelect;

/** The only code that touches `flow_runs`. */
@Injectable()
export class FlowRunsRepository {
  async find(tx: AiTx, companyId: number, ticketId: number): Promise<FlowRunRow | undefined> {
    const [row] = await tx
      .select()
      .from(flowRuns)
      .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.ticketId, ticketId)));
    return row;
  }

  /** Writes the ticket's run (a new flow replaces the one before; the step keeps growing). */
  async save(
    tx: AiTx,
    values: {
      companyId: number;
      ticketId: number;
      flowId: number;
      version: number;
      state: FlowRunState;
      contact: FlowContact;
      status: FlowRunStatus;
    },
  ): Promise<void> {
    const { flowId, version, state, contact, status } = values;
    await tx
      .insert(flowRuns)
      .values(values)
      .onConflictDoUpdate({
        target: [flowRuns.companyId, flowRuns.ticketId],
        set: { flowId, version, state, contact, status, updatedAt: sql`now()` },
      });
  }

  async setStatus(tx: AiTx, companyId: number, ticketId: number, status: FlowRunStatus): Promise<void> {
    await tx
      .update(flowRuns)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.ticketId, ticketId)));
  }
}
