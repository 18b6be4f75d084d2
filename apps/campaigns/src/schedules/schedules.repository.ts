import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { likePattern, pageOffset } from '@atrium/kernel';
import { schedules } from '../db/schema.js';
import type { CampaignsTx } from '../shared/campaigns-database.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewSchedule = typeof schedules.$inferInsert;
export type ScheduleChanges = Partial<
  Pick<NewSchedule, 'body' | 'contactId' | 'sendAt' | 'whatsappId' | 'status' | 'mediaPath' | 'mediaName' | 'template'>
>;

export interface SchedulesFilter {
  searchParam?: string;
  contactId?: number | null;
}

/** The only code that touches the `schedules` table. */
@Injectable()
export class SchedulesRepository {
  async page(
    tx: CampaignsTx,
    companyId: number,
    filter: SchedulesFilter,
    pageNumber: number | undefined,
    size: number,
  ): Promise<{ rows: ScheduleRow[]; count: number }> {
    const conditions: SQL[] = [eq(schedules.companyId, companyId)];
    if (filter.searchParam?.trim()) conditions.push(ilike(schedules.body, likePattern(filter.searchParam)));
    if (filter.contactId) conditions.push(eq(schedules.contactId, filter.contactId));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(schedules)
        .where(where)
        .orderBy(asc(schedules.sendAt), asc(schedules.id))
        .limit(size)
        .offset(pageOffset(pageNumber, size)),
      tx.select({ value: count() }).from(schedules).where(where),
    ]);
    return { rows, count: total!.value };
  }

  async find(tx: CampaignsTx, companyId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<ScheduleRow | undefined> {
    const query = tx
      .select()
      .from(schedules)
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  async insert(tx: CampaignsTx, values: NewSchedule): Promise<ScheduleRow> {
    const [row] = await tx.insert(schedules).values(values).returning();
    return row!;
  }

  async update(tx: CampaignsTx, companyId: number, id: number, changes: ScheduleChanges): Promise<ScheduleRow | undefined> {
    const [row] = await tx
      .update(schedules)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
      .returning();
    return row;
  }

  async delete(tx: CampaignsTx, companyId: number, id: number): Promise<ScheduleRow | undefined> {
    const [row] = await tx
      .delete(schedules)
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
      .returning();
    return row;
  }

  /** PENDENTE → AGENDADA once the job for this sendAt is queued (nothing when the row changed meanwhile). */
  async markQueued(tx: CampaignsTx, companyId: number, id: number, sendAt: Date): Promise<ScheduleRow | undefined> {
    const [row] = await tx
      .update(schedules)
      .set({ status: 'AGENDADA', updatedAt: new Date() })
      .where(
        and(
          eq(schedules.companyId, companyId),
          eq(schedules.id, id),
          eq(schedules.status, 'PENDENTE'),
          eq(schedules.sendAt, sendAt),
          isNull(schedules.sentAt),
        ),
      )
      .returning();
    return row;
  }

  /**
   * Takes the row for sending, atomically: only one caller (job run, replica) gets it, only while
   * it is still waiting and due. `sentAt` marks the claim; `sentLate` when sendAt passed more than
   * `lateAfterMs` ago (the service was down).
   */
  async claim(tx: CampaignsTx, companyId: number, id: number, lateAfterMs: number): Promise<ScheduleRow | undefined> {
    const [row] = await tx
      .update(schedules)
      .set({
        sentAt: sql`now()`,
        sentLate: sql`${schedules.sendAt} < now() - make_interval(secs => ${lateAfterMs / 1000}::double precision)`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(schedules.companyId, companyId),
          eq(schedules.id, id),
          inArray(schedules.status, ['PENDENTE', 'AGENDADA']),
          isNull(schedules.sentAt),
          lte(schedules.sendAt, sql`now() + interval '1 second'`),
        ),
      )
      .returning();
    return row;
  }

  async markSent(tx: CampaignsTx, companyId: number, id: number): Promise<ScheduleRow | undefined> {
    const [row] = await tx
      .update(schedules)
      .set({ status: 'ENVIADA', errorReason: null, updatedAt: new Date() })
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
      .returning();
    return row;
  }

  /** ERRO with the reason; sentAt is cleared, so the schedule can be edited and queued again. */
  async markFailed(tx: CampaignsTx, companyId: number, id: number, reason: string): Promise<ScheduleRow | undefined> {
    const [row] = await tx
      .update(schedules)
      .set({ status: 'ERRO', sentAt: null, errorReason: reason.slice(0, 1000), updatedAt: new Date() })
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
      .returning();
    return row;
  }

  /** Every company's schedules still waiting to be sent (system scope: the start-up sweep). */
  waiting(tx: CampaignsTx): Promise<ScheduleRow[]> {
    return tx
      .select()
      .from(schedules)
      .where(and(inArray(schedules.status, ['PENDENTE', 'AGENDADA']), isNull(schedules.sentAt)))
      .orderBy(asc(schedules.sendAt));
  }

  /** Claimed longer than `olderThanMs` ago and never marked: the process died mid-send (system scope). */
  interrupted(tx: CampaignsTx, olderThanMs: number): Promise<ScheduleRow[]> {
    return tx
      .select()
      .from(schedules)
      .where(
        and(
          inArray(schedules.status, ['PENDENTE', 'AGENDADA']),
          isNotNull(schedules.sentAt),
          lte(schedules.sentAt, sql`now() - make_interval(secs => ${olderThanMs / 1000}::double precision)`),
        ),
      );
  }
}
