import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  AppError,
  CampaignMessagesSubjects,
  ErrorCode,
  CAMPAIGN_CONFIRMATION_FIELDS,
  CAMPAIGN_MESSAGE_FIELDS,
  type CampaignMessageDto,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { lockKeys } from '@atrium/kernel';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { contentTypeOf } from '@atrium/storage';
import { CampaignSettingsService } from '../campaign-settings/campaign-settings.service.js';
import type { CampaignsConfig } from '../config.js';
import { ContactListImportsRepository } from '../contact-lists/contact-list-imports.repository.js';
import { WhatsappNumberChecker } from '../contact-lists/whatsapp-number-checker.js';
import { FileListsRepository } from '../file-lists/file-lists.repository.js';
import type { CampaignsDatabase, CampaignsTx } from '../shared/campaigns-database.js';
import { Slots } from '../shared/slots.js';
import { variantsOf } from './campaign-rules.js';
import { companyActor } from './campaign-views.js';
import { CampaignsEvents } from './campaigns.events.js';
import { CampaignsRepository, type CampaignRow } from './campaigns.repository.js';
import { CAMPAIGN_SENDING_LOCK } from './campaign-rules.js';
import { ConnectionPace, type SenderLease } from './connection-pace.js';
import { fillCampaignVariables } from './message-body.js';
import { nextTurn, turnTakenAt, type Turn } from './pacing.js';
import { ShippingsRepository, type ShippingRow } from './shippings.repository.js';

/** Shippings read per query by a connection's sender. */
const BATCH = 50;
/** The longest a sender sleeps at once while waiting for its turn (it renews its lease in between). */
const NAP_MS = 250;
/** The longest a send may take before it counts as a failed try (then retried with the same key: sent at most once). */
const SEND_TIMEOUT_MS = 15_000;
/**
 * A running campaign whose connection's sender runs here is asked whether it is done at most this
 * often (a campaign can end while its connection still sends another's); one without a sender
 * here, at every tick. Asking every campaign at every tick was a transaction per campaign per tick
 * (250 a second with 50 campaigns and a 200 ms tick, bench/HISTORY.md campaigns).
 */
const FINISH_CHECK_WHILE_SENDING_MS = 1_000;

/** Answers that say the connection cannot send right now, not that this recipient's message failed. */
const CONNECTION_UNAVAILABLE = new Set<string>([ErrorCode.ERR_SERVICE_UNAVAILABLE, ErrorCode.ERR_WAPP_NOT_INITIALIZED]);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the campaigns, on every replica, from PostgreSQL (the truth) and Redis (pace and leases):
 *  - each tick starts the PROGRAMADA campaigns whose scheduledAt came, plans the running ones not
 *    yet planned (one shipping per campaign and number, unique in the database), finishes those
 *    with nothing left to send, and starts a sender for each connection with running campaigns
 *    whose lease it wins;
 *  - a connection's sender takes its due shippings over all of the company's running campaigns on
 *    it, waits for the connection's pace (shared by campaigns, replicas and restarts), and sends
 *    each in one transaction that holds the campaign row shared (a cancel waits for it, and a
 *    cancelled campaign sends nothing more) and marks the shipping before it commits;
 *  - the send is idempotent by key (the tickets service remembers it), so a shipping whose
 *    transaction died with its process is sent again without reaching the recipient twice.
 */
@Injectable()
export class CampaignRunner implements OnApplicationBootstrap, OnModuleDestroy {
  /** This process in a connection's sender lease: host and pid say where the sending runs (an operator's or a fault test's question). */
  private readonly owner = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly senders = new Map<number, Promise<void>>();
  /** When each running campaign was last asked whether it is done (finishIfDone). */
  private readonly finishCheckedAt = new Map<number, number>();
  /** Sends in flight in this process hold a database connection each: at most this many at once. */
  private readonly slots: Slots;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopping = false;

  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(ShippingsRepository) private readonly shippings: ShippingsRepository,
    @Inject(CampaignSettingsService) private readonly settings: CampaignSettingsService,
    @Inject(ConnectionPace) private readonly pace: ConnectionPace,
    @Inject(CampaignsEvents) private readonly events: CampaignsEvents,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: CampaignsConfig,
    @Inject(FileListsRepository) private readonly fileLists: FileListsRepository,
    @Inject(ContactListImportsRepository) private readonly listChecks: ContactListImportsRepository,
    @Inject(WhatsappNumberChecker) private readonly checker: WhatsappNumberChecker,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.slots = new Slots(Math.max(1, config.DATABASE_POOL_MAX - 2));
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.CAMPAIGN_TICK_MS);
    void this.tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.senders.values()]);
  }

  /** One round of the scheduler (exposed for tests and benches). */
  async tick(): Promise<void> {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    try {
      for (const due of await this.database.asSystem((tx) => this.campaigns.due(tx))) await this.start(due.companyId, due.id);
      const running = await this.database.asSystem((tx) => this.campaigns.running(tx));
      for (const campaign of running) {
        if (campaign.plannedAt === null) await this.plan(campaign.companyId, campaign.id);
        else if (this.finishCheckDue(campaign)) await this.finishIfDone(campaign.companyId, campaign.id);
      }
      const runningIds = new Set(running.map((campaign) => campaign.id));
      for (const id of this.finishCheckedAt.keys()) if (!runningIds.has(id)) this.finishCheckedAt.delete(id);
      for (const campaign of running) if (campaign.whatsappId !== null) await this.startSender(campaign.companyId, campaign.whatsappId);
    } catch (error) {
      this.logger.error({ error }, 'campaign scheduler tick failed');
    } finally {
      this.ticking = false;
    }
  }

  private async start(companyId: number, id: number): Promise<void> {
    const started = await this.database.withTenant(companyId, (tx) =>
      this.campaigns.transition(tx, companyId, id, ['PROGRAMADA'], 'EM_ANDAMENTO'),
    );
    if (!started) return;
    await this.events.now(companyId, id);
    await this.plan(companyId, id);
  }

  /** Writes the campaign's shippings, once: the list's valid items and the tag's contacts, each number once, a random message each. */
  private async plan(companyId: number, id: number): Promise<void> {
    try {
      const snapshot = await this.database.withTenant(companyId, (tx) => this.campaigns.find(tx, companyId, id));
      if (!snapshot || snapshot.status !== 'EM_ANDAMENTO' || snapshot.plannedAt !== null) return;
      if (snapshot.contactListId && snapshot.whatsappId) await this.checkUnchecked(companyId, snapshot.contactListId, snapshot.whatsappId);
      const tagged = snapshot.tagListId
        ? (await this.rpc.request(CampaignMessagesSubjects.tagContacts, { tagId: snapshot.tagListId }, { actor: companyActor(companyId) }))
            .contacts
        : [];
      const planned = await this.database.withTenant(companyId, async (tx) => {
        const campaign = await this.campaigns.find(tx, companyId, id, 'update');
        if (!campaign || campaign.status !== 'EM_ANDAMENTO' || campaign.plannedAt !== null) return null;
        const variants = variantsOf(campaign);
        let count = 0;
        if (campaign.contactListId) count += await this.shippings.planFromList(tx, companyId, id, campaign.contactListId, variants);
        const recipients = tagged.filter((contact) => /^\d{8,20}$/.test(contact.number));
        for (let i = 0; i < recipients.length; i += 5000)
          count += await this.shippings.planMany(tx, companyId, id, recipients.slice(i, i + 5000), variants);
        await this.campaigns.update(tx, companyId, id, { plannedAt: new Date() });
        return count;
      });
      if (planned !== null) {
        this.logger.info({ companyId, campaignId: id, planned }, 'campaign planned');
        this.events.progress(companyId, id);
      }
    } catch (error) {
      this.logger.error({ companyId, campaignId: id, error }, 'campaign not planned (retried on the next tick)');
    }
  }

  /**
   * The list's items never checked on WhatsApp (added by hand, not imported) are checked now, in
   * batches on the campaign's connection, so "the list's valid items" counts them; a failed check
   * (connection down) leaves the campaign unplanned until the next tick.
   */
  private async checkUnchecked(companyId: number, contactListId: number, whatsappId: number): Promise<void> {
    for (;;) {
      const items = await this.database.withTenant(companyId, (tx) =>
        this.listChecks.unchecked(tx, companyId, contactListId, WhatsappNumberChecker.BATCH),
      );
      if (items.length === 0) return;
      const valid = await this.checker.check(
        companyId,
        whatsappId,
        items.map((item) => item.number),
      );
      await this.database.withTenant(companyId, (tx) =>
        this.listChecks.markChecked(
          tx,
          companyId,
          items.map((item) => ({ ...item, valid: valid.get(item.number) ?? false })),
        ),
      );
    }
  }

  private finishCheckDue(campaign: { id: number; whatsappId: number | null }): boolean {
    const now = Date.now();
    const sending = campaign.whatsappId !== null && this.senders.has(campaign.whatsappId);
    if (sending && now - (this.finishCheckedAt.get(campaign.id) ?? 0) < FINISH_CHECK_WHILE_SENDING_MS) return false;
    this.finishCheckedAt.set(campaign.id, now);
    return true;
  }

  private async finishIfDone(companyId: number, id: number): Promise<void> {
    const finished = await this.database.withTenant(companyId, (tx) =>
      this.shippings.finishIfDone(tx, companyId, id, this.config.CAMPAIGN_REPLY_WINDOW_MS),
    );
    if (finished) await this.events.now(companyId, id);
  }

  private async startSender(companyId: number, whatsappId: number): Promise<void> {
    if (this.senders.has(whatsappId) || this.stopping) return;
    const lease = await this.pace.lease(whatsappId, this.owner);
    if (!lease) return;
    const sender = this.send(companyId, whatsappId, lease).finally(() => {
      this.senders.delete(whatsappId);
      void lease.release();
    });
    this.senders.set(whatsappId, sender);
  }

  /**
   * A connection's sender, while it holds the lease: its due shippings at the connection's pace.
   * Each turn's send starts when the pace allows: one pace after the previous send's answer (less
   * CAMPAIGN_PACE_LEAD_MS, the way to the sessions service's pacer, which keeps the gap after the
   * previous send completed), or one pace after the previous turn when that answer is late (up to
   * CAMPAIGN_SENDS_IN_FLIGHT on the connection, and the process's share of database connections
   * overall, then wait at that pacer). A shipping is never in
   * flight twice: the next part of one waits for the previous part's commit.
   */
  private async send(companyId: number, whatsappId: number, lease: SenderLease): Promise<void> {
    const inFlight = new Map<number, Promise<void>>();
    try {
      while (!this.stopping) {
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
          const turn = await this.waitForTurn(companyId, whatsappId, lease);
          if (!turn) return;
          await this.slots.acquire();
          try {
            // the turn is taken as the send starts (a skipped send only leaves a longer gap)
            await this.pace.record(whatsappId, turnTakenAt(turn, Date.now()));
          } catch (error) {
            this.slots.release();
            throw error;
          }
          const sending = this.sendOne(companyId, whatsappId, shipping, turn.gapMs)
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
      this.logger.error({ companyId, whatsappId, error }, 'campaign sender stopped (restarted on the next tick)');
    } finally {
      await Promise.allSettled(inFlight.values());
    }
  }

  /** Sleeps until the connection's next message may start, and answers that turn; null when the sender must stop. */
  private async waitForTurn(companyId: number, whatsappId: number, lease: SenderLease): Promise<Turn | null> {
    for (;;) {
      if (this.stopping || !(await lease.renew())) return null;
      const settings = await this.settings.valuesOf(companyId);
      const turn = nextTurn(await this.pace.state(whatsappId), settings);
      const wait = turn.at - Date.now();
      if (wait <= 0) return turn;
      await sleep(Math.min(wait, NAP_MS));
    }
  }

  /**
   * Sends the shipping's next part in one transaction: the confirmation request first when the
   * campaign asks for one, else the message (with the campaign's attachment), then its file list's
   * text and files, one part per turn; delivered once the last part went out.
   */
  private async sendOne(companyId: number, whatsappId: number, due: ShippingRow, gapMs: number): Promise<'sent' | 'failed' | 'skipped'> {
    const { variables } = await this.settings.valuesOf(companyId);
    return this.database.withTenant(companyId, async (tx) => {
      // the campaign's sending lock first, shared: a cancel (exclusive) waits for the sends in flight,
      // later sends queue behind the cancel (an advisory lock is granted in order; a row's FOR SHARE
      // would let overlapping sends starve the cancel's UPDATE), and then read it committed
      await lockKeys(tx, CAMPAIGN_SENDING_LOCK, [String(due.campaignId)], 'shared');
      const campaign = await this.campaigns.find(tx, companyId, due.campaignId);
      if (!campaign || campaign.status !== 'EM_ANDAMENTO' || campaign.whatsappId !== whatsappId) return 'skipped';
      const shipping = await this.shippings.lockPending(tx, companyId, due.id);
      if (!shipping) return 'skipped';
      const confirmationText =
        campaign.confirmation && shipping.confirmationRequestedAt === null
          ? textOf(campaign, CAMPAIGN_CONFIRMATION_FIELDS, shipping.variant)
          : null;
      const parts = confirmationText ? [] : await this.partsOf(tx, campaign, shipping);
      const part = confirmationText
        ? { key: 'confirmation', text: confirmationText, media: undefined }
        : (parts[shipping.partsSent] ?? parts[0]!);
      const message: CampaignMessageDto = {
        key: `campaign-${campaign.id}-shipping-${shipping.id}-${part.key}`,
        whatsappId,
        number: shipping.number,
        name: shipping.name,
        email: shipping.email ?? undefined,
        body: fillCampaignVariables(part.text, shipping, variables),
        media: part.media,
        awaitReplyMs: confirmationText ? Math.max(1_000, this.config.CAMPAIGN_REPLY_WINDOW_MS) : undefined,
        // the connection keeps the pace where the message is received: this send starts that long after its previous one completed
        minGapMs: gapMs,
      };
      try {
        await this.rpc.request(CampaignMessagesSubjects.send, message, { actor: companyActor(companyId), timeoutMs: SEND_TIMEOUT_MS });
      } catch (error) {
        if (error instanceof AppError && CONNECTION_UNAVAILABLE.has(error.code)) {
          // the connection is between replicas (one died, another takes its session over) or the send's
          // answer was lost: nothing about this recipient, so no attempt is spent; the same key is tried again
          await this.shippings.postpone(tx, shipping.id, this.config.CAMPAIGN_RETRY_BASE_MS, reasonOf(error));
          this.logger.warn(
            { companyId, campaignId: campaign.id, shippingId: shipping.id, error },
            'campaign shipping postponed: connection unavailable',
          );
          return 'failed';
        }
        const attempts = shipping.attempts + 1;
        await this.shippings.markAttemptFailed(
          tx,
          shipping.id,
          attempts,
          this.config.CAMPAIGN_SEND_ATTEMPTS,
          this.config.CAMPAIGN_RETRY_BASE_MS * 2 ** (attempts - 1),
          reasonOf(error),
        );
        this.logger.warn({ companyId, campaignId: campaign.id, shippingId: shipping.id, attempts, error }, 'campaign shipping not sent');
        return 'failed';
      }
      if (confirmationText) await this.shippings.markConfirmationRequested(tx, shipping.id);
      else if (shipping.partsSent + 1 < parts.length) await this.shippings.markPartSent(tx, shipping.id, shipping.partsSent + 1);
      else await this.shippings.markDelivered(tx, shipping.id);
      return 'sent';
    });
  }

  /** The message's parts: the chosen message with the campaign's attachment, then the file list's text (when it has one) and each of its files. */
  private async partsOf(tx: CampaignsTx, campaign: CampaignRow, shipping: ShippingRow): Promise<MessagePart[]> {
    const parts: MessagePart[] = [
      {
        key: 'message',
        text: textOf(campaign, CAMPAIGN_MESSAGE_FIELDS, shipping.variant) ?? campaign.message1 ?? '',
        media: mediaOf(campaign),
      },
    ];
    const fileList = campaign.fileListId ? await this.fileLists.find(tx, campaign.companyId, campaign.fileListId) : undefined;
    if (!fileList) return parts;
    if (fileList.message.trim()) parts.push({ key: 'file-list', text: fileList.message, media: undefined });
    for (const option of fileList.options) {
      if (!option.path) continue;
      parts.push({
        key: `file-${option.id}`,
        text: option.name,
        media: {
          path: option.path,
          mimetype: option.mediaType ?? contentTypeOf(option.path),
          filename: option.fileName ?? option.path.split('/').pop()!,
        },
      });
    }
    return parts;
  }
}

/** One message of a shipping: its send key's suffix, text (variables not yet filled) and file. */
interface MessagePart {
  key: string;
  text: string;
  media: CampaignMessageDto['media'];
}

function textOf(campaign: CampaignRow, fields: readonly (keyof CampaignRow)[], variant: number): string | null {
  const text = campaign[fields[variant - 1]!] as string | null;
  return text?.trim() ? text : null;
}

function mediaOf(campaign: CampaignRow): CampaignMessageDto['media'] {
  if (!campaign.mediaPath) return undefined;
  return {
    path: campaign.mediaPath,
    mimetype: contentTypeOf(campaign.mediaPath),
    filename: campaign.mediaName ?? campaign.mediaPath.split('/').pop()!,
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.fields?.length ? `${error.code}: ${JSON.stringify(error.fields)}` : error.code;
  return error instanceof Error ? error.message : String(error);
}
