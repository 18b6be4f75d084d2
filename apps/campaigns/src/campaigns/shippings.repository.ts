import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { pageOffset } from '@atrium/kernel';
import { campaigns, campaignShippings } from '../db/schema.js';
import type { CampaignsTx } from '../shared/campaigns-database.js';

export type ShippingRow = typeof campaignShippings.$inferSelect;

/** A recipient to plan: the list's item or the tag's contact. */
export interface PlannedRecipient {
  name: string;
  number: string;
  email: string | null;
}

/** Waiting for the recipient's reply: never due until confirmed. */
const AWAITING_REPLY = sql`'infinity'::timestamptz`;

/**
 * The only code that touches `campaign_shippings`: one row per campaign and number (unique in
 * the database, so planning twice — a restart, two replicas — writes each recipient once).
 */
@Injectable()
export class ShippingsRepository {
  /**
   * Plans the contact list's valid items in one statement, each with one of `variants` at random;
   * numbers already planned are skipped. Answers how many rows were added.
   */
  async planFromList(tx: CampaignsTx, companyId: number, campaignId: number, contactListId: number, variants: number[]): Promise<number> {
    const result = await tx.execute(sql`
      insert into campaigns.campaign_shippings (company_id, campaign_id, number, name, email, variant)
      select ${companyId}, ${campaignId}, i.number, left(i.name, 100), nullif(i.email, ''),
             (${`{${variants.join(',')}}`}::smallint[])[1 + floor(random() * ${variants.length})::int]
        from campaigns.contact_list_items i
       where i.company_id = ${companyId} and i.contact_list_id = ${contactListId} and i.is_whatsapp_valid
       order by i.id
      on conflict (campaign_id, number) do nothing`);
    return result.rowCount ?? 0;
  }

  /** Plans these recipients (the tag's contacts), each number once. */
  async planMany(
    tx: CampaignsTx,
    companyId: number,
    campaignId: number,
    recipients: PlannedRecipient[],
    variants: number[],
  ): Promise<number> {
    if (recipients.length === 0) return 0;
    const rows = await tx
      .insert(campaignShippings)
      .values(
        recipients.map((recipient) => ({
          companyId,
          campaignId,
          number: recipient.number,
          name: recipient.name.slice(0, 100),
          email: recipient.email || null,
          variant: variants[Math.floor(Math.random() * variants.length)]!,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: campaignShippings.id });
    return rows.length;
  }

  /**
   * The next shippings due on a connection, over every running campaign of the company that uses
   * it: each campaign's first `limit` in due order read off its due index (an index walk that
   * stops at the limit, whatever the campaign's size and whatever the statistics say), then
   * merged. One query over the join sorted every due shipping of the campaigns at each call
   * (2 000 rows, 18 ms; 1.5 s while the statistics still described the table before the
   * campaign was planned: bench/HISTORY.md, campaigns).
   */
  async due(tx: CampaignsTx, companyId: number, whatsappId: number, limit: number): Promise<ShippingRow[]> {
    const running = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.companyId, companyId),
          eq(campaigns.whatsappId, whatsappId),
          eq(campaigns.status, 'EM_ANDAMENTO'),
          isNotNull(campaigns.plannedAt),
        ),
      );
    const perCampaign = await Promise.all(
      running.map(({ id }) =>
        tx
          .select()
          .from(campaignShippings)
          .where(
            and(eq(campaignShippings.campaignId, id), isNull(campaignShippings.doneAt), sql`${campaignShippings.nextAttemptAt} <= now()`),
          )
          .orderBy(asc(campaignShippings.nextAttemptAt), asc(campaignShippings.id))
          .limit(limit),
      ),
    );
    if (perCampaign.length === 1) return perCampaign[0]!;
    return perCampaign
      .flat()
      .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
      .slice(0, limit);
  }

  /** The shipping, locked for its send, while it still needs one; undefined too when another send holds it (never waits). */
  async lockPending(tx: CampaignsTx, companyId: number, id: number): Promise<ShippingRow | undefined> {
    const [row] = await tx
      .select()
      .from(campaignShippings)
      .where(
        and(
          eq(campaignShippings.companyId, companyId),
          eq(campaignShippings.id, id),
          isNull(campaignShippings.doneAt),
          sql`${campaignShippings.nextAttemptAt} <= now()`,
        ),
      )
      .for('update', { skipLocked: true });
    return row;
  }

  /** One part of the message went out and more follow: due again at once, keeping its place in the order. */
  async markPartSent(tx: CampaignsTx, id: number, partsSent: number): Promise<void> {
    await tx.update(campaignShippings).set({ partsSent, attempts: 0, failedReason: null }).where(eq(campaignShippings.id, id));
  }

  /** Delivered: the time is when the send was answered (clock_timestamp, not the transaction's start). */
  async markDelivered(tx: CampaignsTx, id: number): Promise<void> {
    await tx
      .update(campaignShippings)
      .set({ deliveredAt: sql`clock_timestamp()`, doneAt: sql`clock_timestamp()`, failedReason: null })
      .where(eq(campaignShippings.id, id));
  }

  /** The confirmation went out: the message waits for the recipient's reply. */
  async markConfirmationRequested(tx: CampaignsTx, id: number): Promise<void> {
    await tx
      .update(campaignShippings)
      .set({ confirmationRequestedAt: sql`clock_timestamp()`, nextAttemptAt: AWAITING_REPLY, attempts: 0 })
      .where(eq(campaignShippings.id, id));
  }

  /** A failed try: again after `retryInMs`, or failed for good once `maxAttempts` were made. */
  /** Not sent for a reason that is not the recipient's (the connection unavailable): due again in `retryInMs`, attempts unchanged. */
  async postpone(tx: CampaignsTx, id: number, retryInMs: number, reason: string): Promise<void> {
    await tx
      .update(campaignShippings)
      .set({
        failedReason: reason.slice(0, 1000),
        nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000}::double precision)`,
      })
      .where(eq(campaignShippings.id, id));
  }

  async markAttemptFailed(
    tx: CampaignsTx,
    id: number,
    attempts: number,
    maxAttempts: number,
    retryInMs: number,
    reason: string,
  ): Promise<void> {
    const final = attempts >= maxAttempts;
    await tx
      .update(campaignShippings)
      .set(
        final
          ? { attempts, failedAt: sql`now()`, doneAt: sql`now()`, failedReason: reason.slice(0, 1000) }
          : {
              attempts,
              failedReason: reason.slice(0, 1000),
              nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000}::double precision)`,
            },
      )
      .where(eq(campaignShippings.id, id));
  }

  /**
   * The recipient answered on the connection: every shipping of the company's running campaigns on
   * it to that number that waits for a reply is confirmed and due at once. The candidates are
   * locked first, so a reply that overtook the commit of its confirmation's send waits for that
   * commit and still confirms it. Answers the confirmed shippings (none when repeated: idempotent).
   */
  async confirm(
    tx: CampaignsTx,
    companyId: number,
    whatsappId: number,
    number: string,
  ): Promise<Array<{ id: number; campaignId: number }>> {
    const candidates = await tx.execute<{ id: number }>(sql`
      select s.id
        from campaigns.campaign_shippings s
        join campaigns.campaigns c on c.id = s.campaign_id
       where s.company_id = ${companyId} and s.number = ${number} and s.done_at is null and s.confirmed_at is null
         and c.status = 'EM_ANDAMENTO' and c.whatsapp_id = ${whatsappId} and c.confirmation
         for update of s`);
    const ids = candidates.rows.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    const result = await tx.execute<{ id: number; campaign_id: number }>(sql`
      update campaigns.campaign_shippings s
         set confirmed_at = now(), next_attempt_at = now()
       where s.id = any(${`{${ids.join(',')}}`}::int[]) and s.confirmation_requested_at is not null and s.confirmed_at is null and s.done_at is null
   returning s.id, s.campaign_id`);
    return result.rows.map((row) => ({ id: Number(row.id), campaignId: Number(row.campaign_id) }));
  }

  /**
   * Finishes the campaign (FINALIZADA, completedAt) when nothing is left to send: every shipping
   * delivered or failed, or waiting for a reply longer than `replyWindowMs`.
   */
  async finishIfDone(tx: CampaignsTx, companyId: number, campaignId: number, replyWindowMs: number): Promise<boolean> {
    const result = await tx.execute(sql`
      update campaigns.campaigns c
         set status = 'FINALIZADA', completed_at = now(), updated_at = now()
       where c.id = ${campaignId} and c.company_id = ${companyId} and c.status = 'EM_ANDAMENTO' and c.planned_at is not null
         and not exists (
           select 1 from campaigns.campaign_shippings s
            where s.campaign_id = c.id and s.done_at is null
              and (s.confirmation_requested_at is null or s.confirmed_at is not null
                   or s.confirmation_requested_at > now() - make_interval(secs => ${replyWindowMs / 1000}::double precision)))`);
    return (result.rowCount ?? 0) > 0;
  }

  /** One page of the campaign's shippings, by number (the order of its unique index, so a deep page is not a sort), and how many it has. */
  async page(
    tx: CampaignsTx,
    companyId: number,
    campaignId: number,
    pageNumber: number | undefined,
    size: number,
  ): Promise<{ rows: ShippingRow[]; count: number }> {
    const where = and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, campaignId));
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(campaignShippings)
        .where(where)
        .orderBy(asc(campaignShippings.number))
        .limit(size)
        .offset(pageOffset(pageNumber, size)),
      tx.select({ value: count() }).from(campaignShippings).where(where),
    ]);
    return { rows, count: total!.value };
  }
}
