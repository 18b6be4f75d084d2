import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { AppError, ErrorCode, TicketsSubjects, type Actor, type TicketView } from '@atrium/contracts';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { fillCampaignVariables, filledTemplate } from '../campaigns/message-body.js';
import { CampaignFiles } from '../shared/campaign-files.js';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { toScheduleView } from './schedule.view.js';
import { SchedulesEvents } from './schedules.events.js';
import { SchedulesRepository, type ScheduleRow } from './schedules.repository.js';

/** A schedule sent more than this after its sendAt is marked `sentLate` (the service was down). */
export const SENT_LATE_AFTER_MS = 60_000;
/** A claim older than this that was never marked sent or failed: the process died mid-send. */
const INTERRUPTED_AFTER_MS = 5 * 60_000;

/** The job of one schedule at one sendAt: a new sendAt is a new job, and the old one finds nothing to claim. */
export function scheduleJobId(row: Pick<ScheduleRow, 'id' | 'sendAt'>): string {
  return `schedule-${row.id}-${row.sendAt.getTime()}`;
}

/**
 * Sends schedules at their sendAt, exactly once (libs/jobs "Idempotent handlers"): one delayed
 * BullMQ job per schedule and sendAt; the run claims the row in one UPDATE (only one replica or run
 * gets it), then sends through the tickets service's composer path (`tickets.messages.send`, message
 * variables filled there), so the message is stored in the contact's conversation and goes out on
 * the ticket's connection, with the schedule's attachment when it has one. On a Cloud API connection
 * a customer whose 24-hour window is closed refuses free text (ERR_WAPP_WINDOW_CLOSED, nothing sent):
 * the schedule's approved template, when it names one, is sent instead (issue 26), its values'
 * {nome}, {numero} and {email} filled with the contact's. The ticket: the contact's active ticket on the schedule's connection
 * (or the contact's, or the company's default one) when there is one, else a new ticket opened
 * for the user who scheduled it (status open, so it does not land in the pending inbox).
 * At start-up, waiting rows are queued again (a lost job is re-added; a held one is a no-op).
 */
@Injectable()
export class ScheduleSender implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(SchedulesRepository) private readonly schedules: SchedulesRepository,
    @Inject(SchedulesEvents) private readonly events: SchedulesEvents,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CampaignFiles) private readonly files: CampaignFiles,
  ) {}

  onModuleInit(): void {
    this.jobs.on(JobName.ScheduleSend, ({ companyId, scheduleId }) => this.send(companyId, scheduleId));
  }

  /** The start-up sweep: claims interrupted mid-send become ERRO; waiting rows get their job back. */
  async onApplicationBootstrap(): Promise<void> {
    const interrupted = await this.database.asSystem((tx) => this.schedules.interrupted(tx, INTERRUPTED_AFTER_MS));
    for (const row of interrupted) await this.fail(row.companyId, row.id, 'interrupted while sending; not sent again to avoid a duplicate');
    const waiting = await this.database.asSystem((tx) => this.schedules.waiting(tx));
    for (const row of waiting) await this.queue(row);
    if (waiting.length > 0) this.logger.info({ count: waiting.length }, 'schedules queued by the start-up sweep');
  }

  /** Adds the schedule's job for its sendAt (a no-op when held), then PENDENTE → AGENDADA. */
  async queue(row: ScheduleRow): Promise<void> {
    await this.jobs.add(
      JobName.ScheduleSend,
      { companyId: row.companyId, scheduleId: row.id },
      { id: scheduleJobId(row), delayMs: Math.max(0, row.sendAt.getTime() - Date.now()) },
    );
    const queued = await this.database.withTenant(row.companyId, (tx) => this.schedules.markQueued(tx, row.companyId, row.id, row.sendAt));
    if (queued) this.events.saved('update', toScheduleView(queued));
  }

  private async send(companyId: number, scheduleId: number): Promise<void> {
    const claimed = await this.database.withTenant(companyId, (tx) => this.schedules.claim(tx, companyId, scheduleId, SENT_LATE_AFTER_MS));
    if (!claimed) return; // sent, failed, deleted, or rescheduled: its current job (if any) handles it
    try {
      await this.deliver(claimed);
    } catch (error) {
      await this.fail(companyId, scheduleId, reasonOf(error));
      return;
    }
    const sent = await this.database.withTenant(companyId, (tx) => this.schedules.markSent(tx, companyId, scheduleId));
    if (sent) this.events.saved('update', toScheduleView(sent));
  }

  private async deliver(row: ScheduleRow): Promise<void> {
    const actor = schedulerOf(row);
    const contact = await this.rpc.request(TicketsSubjects.contactsShow, { id: row.contactId }, { actor });
    const ticket = await this.ticketFor(actor, row, row.whatsappId ?? contact.whatsappId ?? null);
    // the attachment goes as a copy the tickets service claims for the ticket (the body its caption):
    // the schedule keeps its file, so a failed send can be edited and sent again with it
    const copy = row.mediaPath ? await this.files.stageCopy(row.companyId, row.mediaPath) : undefined;
    if (copy === null) throw new Error('the attachment is no longer stored');
    const medias = copy ? [{ ...copy, filename: row.mediaName ?? row.mediaPath!.split('/').pop()! }] : undefined;
    try {
      await this.rpc.request(TicketsSubjects.messagesSend, { ticketId: ticket.id, body: row.body, medias }, { actor });
    } catch (error) {
      // a Cloud API customer whose 24-hour window is closed: the schedule's template goes instead (nothing was sent)
      if (!(row.template && error instanceof AppError && error.code === ErrorCode.ERR_WAPP_WINDOW_CLOSED)) throw error;
      // its values may name the contact as a campaign's do ({nome}, {numero}, {email})
      const recipient = { name: contact.name, number: contact.number ?? '', email: contact.email || null };
      const template = filledTemplate(row.template, (value) => fillCampaignVariables(value, recipient, []));
      await this.rpc.request(TicketsSubjects.messagesSendTemplate, { ticketId: ticket.id, template }, { actor });
    }
  }

  private async ticketFor(actor: Actor, row: ScheduleRow, whatsappId: number | null): Promise<TicketView> {
    try {
      return await this.rpc.request(
        TicketsSubjects.ticketsCreate,
        { contactId: row.contactId, whatsappId, status: 'open', userId: actor.userId },
        { actor },
      );
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.ERR_OTHER_OPEN_TICKET && isTicket(error.data)) return error.data;
      throw error;
    }
  }

  private async fail(companyId: number, scheduleId: number, reason: string): Promise<void> {
    const failed = await this.database.withTenant(companyId, (tx) => this.schedules.markFailed(tx, companyId, scheduleId, reason));
    if (failed) this.events.saved('update', toScheduleView(failed));
    this.logger.warn({ companyId, scheduleId, reason }, 'schedule not sent');
  }
}

/** The tickets service is asked as the user who scheduled it, with an admin's reach (the schedule is the company's). */
function schedulerOf(row: ScheduleRow): Actor {
  return {
    userId: row.userId ?? 0,
    companyId: row.companyId,
    profile: 'admin',
    super: false,
    queueIds: [],
    allTicket: 'enabled',
    sessionId: `schedule-${row.id}`,
  };
}

function isTicket(value: unknown): value is TicketView {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.fields?.length ? `${error.code}: ${JSON.stringify(error.fields)}` : error.code;
  return error instanceof Error ? error.message : String(error);
}
