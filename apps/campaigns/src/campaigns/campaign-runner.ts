import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { LeasedWork, RowLeases, type LeasedRow, type LeasedWorkMetrics } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { CampaignSettingsService } from '../campaign-settings/campaign-settings.service.js';
import type { CampaignsConfig } from '../config.js';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { Slots } from '../shared/slots.js';
import { CampaignsEvents } from './campaigns.events.js';
import { ConnectionPace } from './connection-pace.js';
import { nextTurn, turnTakenAt, type Turn } from './pacing.js';
import { ShippingSender } from './shipping-sender.js';
import { ShippingsRepository } from './shippings.repository.js';

/** Shippings read per query by a connection's sender. */
const BATCH = 50;
/** The longest a sender sleeps at once while waiting for its turn (it looks at its lease in between). */
const NAP_MS = 250;
/** Connections one replica sends on at once at most (each sender waits for its pace most of the time). */
const MAX_SENDERS = 1_000;
/** A sender that failed (the database was away) lets its connection be claimed again after this. */
const SENDER_RETRY_MS = 1_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the running campaigns, one sender per WhatsApp connection across replicas, as rows leased
 * from PostgreSQL (libs/jobs LeasedWork, ADR 020): the connection's oldest running planned
 * campaign carries the lease of its sender (the key is the connection, so one replica at a time
 * sends on it; heartbeats renew it, a stop releases it, a killed replica's lapses after
 * CAMPAIGN_SENDER_LEASE_MS). The sender takes its due shippings over all of the company's running
 * campaigns on the connection, waits for the connection's pace (ConnectionPace, in Redis: shared by
 * campaigns, replicas and restarts) and sends each (ShippingSender: exactly once by key). Starting,
 * planning and finishing campaigns is CampaignAdvanceProcessor's.
 */
@Injectable()
export class CampaignRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly work: LeasedWork;
  /** Sends in flight in this process hold a database connection each: at most this many at once. */
  private readonly slots: Slots;

  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(ShippingsRepository) private readonly shippings: ShippingsRepository,
    @Inject(CampaignSettingsService) private readonly settings: CampaignSettingsService,
    @Inject(ConnectionPace) private readonly pace: ConnectionPace,
    @Inject(ShippingSender) private readonly sender: ShippingSender,
    @Inject(CampaignsEvents) private readonly events: CampaignsEvents,
    @Inject(SERVICE_CONFIG) private readonly config: CampaignsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.slots = new Slots(Math.max(1, config.DATABASE_POOL_MAX - 2));
    const leases = new RowLeases(database, {
      schema: 'campaigns',
      table: 'campaigns',
      id: 'id',
      key: ['whatsapp_id'],
      order: ['id'],
      pending: sql`status = 'EM_ANDAMENTO' and planned_at is not null and whatsapp_id is not null`,
      dueSince: sql`coalesce(planned_at, now())`,
      columns: ['company_id', 'whatsapp_id'],
    });
    this.work = new LeasedWork({
      name: 'campaign senders',
      leases,
      handle: (row, lease) => this.sendOn(row, lease.signal),
      leaseMs: config.CAMPAIGN_SENDER_LEASE_MS,
      pollMs: config.CAMPAIGN_TICK_MS,
      concurrency: MAX_SENDERS,
      retryAfterMs: SENDER_RETRY_MS,
      logger,
    });
  }

  onApplicationBootstrap(): void {
    this.work.start();
  }

  /** A SIGTERM lets the sends in flight finish and hands the connections over at once. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.work.stop();
  }

  /** Claims the connections that have work now (a campaign was just planned), not at the next poll. */
  poke(): void {
    this.work.poke();
  }

  metrics(): LeasedWorkMetrics {
    return this.work.metrics();
  }

  private sendOn(row: LeasedRow, signal: AbortSignal): Promise<void> {
    return this.send(row.values.company_id as number, row.values.whatsapp_id as number, signal);
  }

  /**
   * A connection's sender, while it holds the lease (until `signal` aborts: a stop or a lost
   * lease): its due shippings at the connection's pace. Each turn's send starts when the pace
   * allows: one pace after the previous send's answer (less CAMPAIGN_PACE_LEAD_MS, the way to the
   * sessions service's pacer, which keeps the gap after the previous send completed), or one pace
   * after the previous turn when that answer is late (up to CAMPAIGN_SENDS_IN_FLIGHT on the
   * connection, and the process's share of database connections overall, then wait at that
   * pacer). A shipping is never in flight twice: the next part of one waits for the previous
   * part's commit. Returns once nothing is due (the connection is claimed again at the next poll).
   */
  private async send(companyId: number, whatsappId: number, signal: AbortSignal): Promise<void> {
    const inFlight = new Map<number, Promise<void>>();
    try {
      while (!signal.aborted) {
        const batch = (
          await this.database.withTenant(companyId, (tx) => this.shippings.due(tx, companyId, whatsappId, BATCH + inFlight.size))
        ).filter((due) => !inFlight.has(due.id));
        if (batch.length === 0) {
          if (inFlight.size === 0) return;
          await Promise.race(inFlight.values());
          continue;
        }
        for (const shipping of batch) {
          while (inFlight.size >= this.config.CAMPAIGN_SENDS_IN_FLIGHT) await Promise.race(inFlight.values());
          const turn = await this.waitForTurn(companyId, whatsappId, signal);
          if (!turn) return;
          await this.slots.acquire();
          try {
            // the turn is taken as the send starts (a skipped send only leaves a longer gap)
            await this.pace.record(whatsappId, turnTakenAt(turn, Date.now()));
          } catch (error) {
            this.slots.release();
            throw error;
          }
          const sending = this.sender
            .sendOne(companyId, whatsappId, shipping, turn.gapMs)
            .then(async (outcome) => {
              if (outcome === 'skipped') return;
              this.events.progress(companyId, shipping.campaignId);
              await this.pace.completed(whatsappId, Date.now() - this.config.CAMPAIGN_PACE_LEAD_MS);
            })
            .catch((error: unknown) =>
              this.logger.error({ companyId, whatsappId, shippingId: shipping.id, error }, 'campaign shipping send failed (tried again)'),
            )
            .finally(() => {
              inFlight.delete(shipping.id);
              this.slots.release();
            });
          inFlight.set(shipping.id, sending);
        }
      }
    } catch (error) {
      this.logger.error({ companyId, whatsappId, error }, 'campaign sender stopped (its connection is claimed again)');
    } finally {
      await Promise.allSettled(inFlight.values());
    }
  }

  /** Sleeps until the connection's next message may start, and answers that turn; null when the sender must stop. */
  private async waitForTurn(companyId: number, whatsappId: number, signal: AbortSignal): Promise<Turn | null> {
    for (;;) {
      if (signal.aborted) return null;
      const settings = await this.settings.valuesOf(companyId);
      const turn = nextTurn(await this.pace.state(whatsappId), settings);
      const wait = turn.at - Date.now();
      if (wait <= 0) return turn;
      await sleep(Math.min(wait, NAP_MS));
    }
  }
}
