import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  SessionsSubjects,
  TicketsSubjects,
  type Actor,
  type ScheduleDto,
  type ScheduleMediaDto,
  type SchedulesPageView,
  type SchedulesQueryDto,
  type ScheduleView,
  type UpdateScheduleDto,
} from '@atrium/contracts';
import { requireReferences, RpcClient } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { hasMore } from '@atrium/kernel';
import { CampaignFiles } from '../shared/campaign-files.js';
import { ConnectionTemplates } from '../shared/connection-templates.js';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import type { CampaignsDatabase, CampaignsTx } from '../shared/campaigns-database.js';
import { ScheduleParties } from './schedule-parties.js';
import { ScheduleSender } from './schedule-sender.js';
import { toScheduleView } from './schedule.view.js';
import { SchedulesEvents } from './schedules.events.js';
import { SchedulesRepository, type ScheduleRow } from './schedules.repository.js';

/**
 * Schedules of the actor's company (spec 000 "schedule modal", `/schedules`), each read and write
 * in one tenant transaction. The contact must be one of the company's: the tickets service, which
 * owns contacts, is asked before anything is stored.
 */
@Injectable()
export class SchedulesService {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(SchedulesRepository) private readonly schedules: SchedulesRepository,
    @Inject(SchedulesEvents) private readonly events: SchedulesEvents,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(ScheduleSender) private readonly sender: ScheduleSender,
    @Inject(ScheduleParties) private readonly parties: ScheduleParties,
    @Inject(CampaignFiles) private readonly files: CampaignFiles,
    @Inject(ConnectionTemplates) private readonly templates: ConnectionTemplates,
  ) {}

  /** A page of schedules, each with its contact and user named (asked of their owners after the read). */
  async page(actor: Actor, query: SchedulesQueryDto): Promise<SchedulesPageView> {
    const page = await this.database.withTenant(actor.companyId, async (tx) => {
      const size = PAGE_SIZES.schedules;
      const { rows, count } = await this.schedules.page(tx, actor.companyId, query, query.pageNumber, size);
      return { schedules: rows.map(toScheduleView), count, hasMore: hasMore(query.pageNumber, size, rows.length, count) };
    });
    return { ...page, schedules: await this.parties.named(actor, page.schedules) };
  }

  show(actor: Actor, id: number): Promise<ScheduleView> {
    return this.database.withTenant(actor.companyId, async (tx) => toScheduleView(await this.existing(tx, actor.companyId, id)));
  }

  async create(actor: Actor, dto: ScheduleDto): Promise<ScheduleView> {
    await this.requireContact(actor, dto.contactId);
    await this.requireConnection(actor, dto.whatsappId);
    if (dto.template) await this.templates.requireSendable(actor, dto.whatsappId, dto.template);
    const row = await this.database.withTenant(actor.companyId, (tx) =>
      this.schedules.insert(tx, {
        companyId: actor.companyId,
        userId: actor.userId,
        contactId: dto.contactId,
        whatsappId: dto.whatsappId ?? null,
        body: dto.body,
        sendAt: dto.sendAt,
        template: dto.template ?? null,
      }),
    );
    const view = toScheduleView(row);
    this.events.saved('create', view);
    await this.sender.queue(row);
    return view;
  }

  /** Refused once sent or being sent (ERR_SCHEDULE_ALREADY_SENT); a new sendAt (or an edit after ERRO) makes it PENDENTE, queued anew. */
  async update(actor: Actor, id: number, dto: UpdateScheduleDto): Promise<ScheduleView> {
    if (dto.contactId !== undefined) await this.requireContact(actor, dto.contactId);
    await this.requireConnection(actor, dto.whatsappId);
    await this.requireTemplateOnUpdate(actor, id, dto);
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id, { forUpdate: true });
      if (current.sentAt !== null || current.status === 'ENVIADA') throw new AppError(ErrorCode.ERR_SCHEDULE_ALREADY_SENT);
      const rescheduled = dto.sendAt !== undefined && dto.sendAt.getTime() !== current.sendAt.getTime();
      const changes = {
        body: dto.body,
        contactId: dto.contactId,
        whatsappId: dto.whatsappId,
        sendAt: dto.sendAt,
        template: dto.template,
        ...(rescheduled || current.status === 'ERRO' ? { status: 'PENDENTE' as const } : {}),
      };
      return (await this.schedules.update(tx, actor.companyId, id, changes))!;
    });
    const view = toScheduleView(row);
    this.events.saved('update', view);
    if (row.status === 'PENDENTE') await this.sender.queue(row);
    return view;
  }

  /**
   * The attachment sent with the message (spec 000: png, jpg or jpeg; the gateway checks the file):
   * the staged upload is claimed under `schedules/<companyId>/`, the previous file removed. Refused
   * once sent or being sent (ERR_SCHEDULE_ALREADY_SENT), and then the claimed file is removed.
   */
  async setMedia(actor: Actor, id: number, dto: ScheduleMediaDto): Promise<ScheduleView> {
    const mediaPath = dto.mediaPath ? await this.files.claim(actor.companyId, dto.mediaPath, 'schedules', 'mediaPath') : null;
    let result: { row: ScheduleRow; previous: string | null };
    try {
      result = await this.database.withTenant(actor.companyId, async (tx) => {
        const current = await this.existing(tx, actor.companyId, id, { forUpdate: true });
        if (current.sentAt !== null || current.status === 'ENVIADA') throw new AppError(ErrorCode.ERR_SCHEDULE_ALREADY_SENT);
        const row = (await this.schedules.update(tx, actor.companyId, id, {
          mediaPath,
          mediaName: mediaPath ? (dto.mediaName ?? null) : null,
        }))!;
        return { row, previous: current.mediaPath };
      });
    } catch (error) {
      await this.files.remove(mediaPath);
      throw error;
    }
    if (result.previous !== mediaPath) await this.files.remove(result.previous);
    const view = toScheduleView(result.row);
    this.events.saved('update', view);
    return view;
  }

  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    const deleted = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.schedules.delete(tx, actor.companyId, id);
      if (!row) throw new AppError(ErrorCode.ERR_NO_SCHEDULE_FOUND);
      return row;
    });
    await this.files.remove(deleted.mediaPath);
    this.events.deleted(actor.companyId, id);
    return { message: 'Schedule deleted' };
  }

  private async existing(tx: CampaignsTx, companyId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<ScheduleRow> {
    const row = await this.schedules.find(tx, companyId, id, options);
    if (!row) throw new AppError(ErrorCode.ERR_NO_SCHEDULE_FOUND);
    return row;
  }

  /**
   * A template, new or kept, stays one its connection sends (issue 26): checked when either
   * changes, against the other as stored (a schedule's template is its connection's).
   */
  private async requireTemplateOnUpdate(actor: Actor, id: number, dto: UpdateScheduleDto): Promise<void> {
    if (dto.template === undefined && dto.whatsappId === undefined) return;
    const current = await this.database.withTenant(actor.companyId, (tx) => this.existing(tx, actor.companyId, id));
    const template = dto.template !== undefined ? dto.template : current.template;
    const whatsappId = dto.whatsappId !== undefined ? dto.whatsappId : current.whatsappId;
    if (template) await this.templates.requireSendable(actor, whatsappId, template);
  }

  /** The connection to send through, when one is named, is one of the company's (the sessions service owns them). */
  private requireConnection(actor: Actor, whatsappId: number | null | undefined): Promise<void> {
    const whatsappIds = typeof whatsappId === 'number' ? [whatsappId] : undefined;
    return requireReferences(this.rpc, SessionsSubjects.referencesMissing, actor, { whatsappIds }, { whatsappIds: 'whatsappId' });
  }

  /** The tickets service answers a contact of the actor's company, or ERR_NO_CONTACT_FOUND. */
  private async requireContact(actor: Actor, contactId: number): Promise<void> {
    try {
      await this.rpc.request(TicketsSubjects.contactsShow, { id: contactId }, { actor });
    } catch (error) {
      if (error instanceof AppError && (error.code === ErrorCode.ERR_NO_CONTACT_FOUND || error.code === ErrorCode.ERR_NOT_FOUND)) {
        throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'contactId', messages: ['not a contact of this company'] }] });
      }
      throw error;
    }
  }
}
