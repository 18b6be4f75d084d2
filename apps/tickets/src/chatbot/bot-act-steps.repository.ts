import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BotActCommand } from '@atrium/contracts';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { botActSteps } from '../db/schema.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { TicketBotsRepository } from '../tickets/ticket-bots.repository.js';

export type BotActStepRow = typeof botActSteps.$inferSelect;

/** A claimed step's row and whether its applier is the caller (false: an earlier step of the ticket is still being applied, the sender applies this one after it). */
export interface ClaimedStep {
  row: BotActStepRow;
  inHand: boolean;
}

/** An action of a step recorded done: its row and how many of the row's actions are done with it. */
export interface StepDone {
  id: number;
  done: number;
}

/**
 * The actions of claimed bot steps not applied yet (table `bot_act_steps`, issue 27), the outbox
 * of `tickets.bot.act` with a step: the row is stored in the transaction that claims the step, so
 * the claim and what it promises commit together. Its applier holds the row's lease
 * (`leased_by`, `leased_until`: the shape of libs/jobs RowLeases, ADR 020) and renews it with each
 * action recorded done; a row whose lease lapsed is taken over (BotStepSender), so a tickets
 * process killed in the middle of a step leaves the rest of it to the next one.
 */
@Injectable()
export class BotActStepsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  private lease() {
    return sql`now() + ${this.config.BOT_REPLY_LEASE_MS} * interval '1 millisecond'`;
  }

  /**
   * Claims the step (`ticket_bots.act_step`) and stores its actions in one transaction, leased to
   * `owner` unless an earlier step of the ticket still has actions due (then left free: the
   * sender takes it up after that one). Undefined when the step was claimed before (a replay).
   */
  async claim(command: BotActCommand & { step: number }, owner: string): Promise<ClaimedStep | undefined> {
    const { companyId, ticketId, step } = command;
    return this.database.withTenant(companyId, async (tx) => {
      if (!(await this.bots.claimStep(tx, companyId, ticketId, step))) return undefined;
      const [earlier] = await tx
        .select({ id: botActSteps.id })
        .from(botActSteps)
        .where(and(eq(botActSteps.ticketId, ticketId), lt(botActSteps.step, step)))
        .limit(1);
      const inHand = earlier === undefined;
      const [row] = await tx
        .insert(botActSteps)
        .values({
          ticketId,
          companyId,
          step,
          bot: command.bot,
          inReplyTo: command.inReplyTo,
          actions: command.actions,
          leasedBy: inHand ? owner : null,
          leasedUntil: inHand ? this.lease() : null,
        })
        .returning();
      return { row: row!, inHand };
    });
  }

  /**
   * A replayed step's row when it still has actions due and nobody holds it (its applier died and
   * its lease lapsed), leased to `owner`; undefined otherwise (applied, or being applied).
   */
  async takeOver(companyId: number, ticketId: number, step: number, owner: string): Promise<BotActStepRow | undefined> {
    return this.database.withTenant(companyId, async (tx) => {
      const [row] = await tx
        .update(botActSteps)
        .set({ leasedBy: owner, leasedUntil: this.lease() })
        .where(
          and(
            eq(botActSteps.ticketId, ticketId),
            eq(botActSteps.step, step),
            sql`(${botActSteps.leasedUntil} is null or ${botActSteps.leasedUntil} <= now())`,
            sql`not exists (select 1 from ${botActSteps} earlier where earlier.ticket_id = ${ticketId} and earlier.step < ${step})`,
          ),
        )
        .returning();
      return row;
    });
  }

  /** The row, read again (a row taken over by the leased-work helper, which hands its id only). */
  async find(companyId: number, id: number): Promise<BotActStepRow | undefined> {
    const [row] = await this.database.withTenant(companyId, (tx) => tx.select().from(botActSteps).where(eq(botActSteps.id, id)));
    return row;
  }

  /** Records actions done, in the caller's transaction (the one that applied them), renewing the leases; one result per item. */
  async recordMany(tx: TicketsTx, items: StepDone[]): Promise<void[]> {
    for (const { id, done } of [...items].sort((a, b) => a.id - b.id))
      await tx
        .update(botActSteps)
        .set({ done: sql`greatest(${botActSteps.done}, ${done})`, leasedUntil: this.lease() })
        .where(eq(botActSteps.id, id));
    return items.map(() => undefined);
  }

  /** The step is over (every action applied, or the ticket left the bot, or an action was refused): its row goes. */
  async finish(companyId: number, id: number): Promise<void> {
    await this.database.withTenant(companyId, (tx) => tx.delete(botActSteps).where(inArray(botActSteps.id, [id])));
  }
}
