import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import {
  AppError,
  ErrorCode,
  type Actor,
  type CampaignDto,
  type CampaignMediaDto,
  CAMPAIGN_SHIPPINGS_LIMIT_DEFAULT,
  type CampaignShippingsQueryDto,
  type CampaignShippingsView,
  type CampaignsPageView,
  type CampaignsQueryDto,
  type CampaignView,
  type UpdateCampaignDto,
} from '@atrium/contracts';
import { hasMore, lockFor, startOfDay } from '@atrium/kernel';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { CampaignsConfig } from '../config.js';
import type { CampaignsDatabase, CampaignsTx } from '../shared/campaigns-database.js';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { assertEditable, CAMPAIGN_SENDING_LOCK, editability, statusAfterSave } from './campaign-rules.js';
import { CampaignReferences } from './campaign-references.js';
import { CampaignViews } from './campaign-views.js';
import { CampaignsEvents } from './campaigns.events.js';
import { CampaignsRepository, type CampaignRow, type NewCampaign } from './campaigns.repository.js';
import { ShippingsRepository } from './shippings.repository.js';

export type CampaignFields = Omit<CampaignDto, 'scheduledAt'> & { scheduledAt?: Date | null };

/**
 * Campaigns of the actor's company (spec 001 "Campaigns"): CRUD with the editability of section 4,
 * cancel and restart, the attachment and the shippings export. Ids of other owners (connection,
 * tag) are checked with them, the contact list and file list here, before anything is stored.
 */
@Injectable()
export class CampaignsService {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(ShippingsRepository) private readonly shippings: ShippingsRepository,
    @Inject(CampaignViews) private readonly views: CampaignViews,
    @Inject(CampaignsEvents) private readonly events: CampaignsEvents,
    @Inject(SERVICE_CONFIG) private readonly config: CampaignsConfig,
    @Inject(CampaignReferences) private readonly references: CampaignReferences,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async page(actor: Actor, query: CampaignsQueryDto): Promise<CampaignsPageView> {
    const size = PAGE_SIZES.campaigns;
    const { rows, count } = await this.database.withTenant(actor.companyId, (tx) =>
      this.campaigns.page(tx, actor.companyId, query.searchParam, query.pageNumber, size),
    );
    return { records: await this.views.many(actor.companyId, rows), count, hasMore: hasMore(query.pageNumber, size, rows.length, count) };
  }

  async show(actor: Actor, id: number): Promise<CampaignView> {
    const row = await this.database.withTenant(actor.companyId, (tx) => this.existing(tx, actor.companyId, id));
    return this.views.one(actor.companyId, row);
  }

  async create(actor: Actor, dto: CampaignDto): Promise<CampaignView> {
    const fields = this.fieldsOf(dto);
    await this.references.check(actor, fields);
    requireStartable(fields);
    await this.references.checkChannel(actor, fields);
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.checkLocalReferences(tx, actor.companyId, fields);
      const inserted = await this.campaigns.insert(tx, {
        ...toColumns(fields),
        name: dto.name,
        companyId: actor.companyId,
        status: statusAfterSave('INATIVA', fields.scheduledAt ?? null),
      });
      await this.auditStart(tx, actor, 'INATIVA', inserted);
      return inserted;
    });
    const view = await this.views.one(actor.companyId, row);
    this.events.saved('create', view);
    return view;
  }

  async update(actor: Actor, id: number, dto: UpdateCampaignDto): Promise<CampaignView> {
    const fields = this.fieldsOf(dto);
    await this.references.check(actor, fields);
    const stored = await this.database.withTenant(actor.companyId, (tx) => this.existing(tx, actor.companyId, id));
    await this.references.checkChannel(actor, { ...stored, ...definedOf(toColumns(fields)) });
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id, 'update');
      assertEditable(current as CampaignRow & Record<string, unknown>, fields as Record<string, unknown>, new Date());
      await this.checkLocalReferences(tx, actor.companyId, fields);
      const merged = { ...current, ...definedOf(toColumns(fields)) };
      if (editability(current, new Date()) === 'all') requireStartable(merged);
      const status = statusAfterSave(current.status, merged.scheduledAt ?? null);
      const updated = (await this.campaigns.update(tx, actor.companyId, id, { ...definedOf(toColumns(fields)), status }))!;
      await this.auditStart(tx, actor, current.status, updated);
      return updated;
    });
    const view = await this.views.one(actor.companyId, row);
    this.events.saved('update', view);
    return view;
  }

  /** Refused while running (ERR_CAMPAIGN_RUNNING); its shippings go with it. */
  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id, 'update');
      if (current.status === 'EM_ANDAMENTO') throw new AppError(ErrorCode.ERR_CAMPAIGN_RUNNING);
      await this.campaigns.delete(tx, actor.companyId, id);
    });
    this.events.deleted(actor.companyId, id);
    return { message: 'Campaign deleted' };
  }

  /**
   * EM_ANDAMENTO (or PROGRAMADA) → CANCELADA. The update waits for a send in flight (which holds
   * the campaign row shared), and every send checks the status under that lock: nothing of this
   * campaign goes out after the answer.
   */
  async cancel(actor: Actor, id: number): Promise<CampaignView> {
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id);
      // waits for the sends in flight; sends after it see CANCELADA (CampaignRunner.sendOne)
      await lockFor(tx, CAMPAIGN_SENDING_LOCK, id);
      const cancelled = await this.campaigns.transition(tx, actor.companyId, id, ['EM_ANDAMENTO', 'PROGRAMADA'], 'CANCELADA');
      if (!cancelled) throw new AppError(ErrorCode.ERR_CAMPAIGN_WRONG_STATUS);
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'campaign.cancelled',
        entityType: 'campaign',
        entityId: id,
        before: { status: current.status },
        after: { name: cancelled.name, status: cancelled.status },
      });
      return cancelled;
    });
    const view = await this.views.one(actor.companyId, row);
    this.events.saved('update', view);
    return view;
  }

  /** CANCELADA → EM_ANDAMENTO: the senders continue with the shippings not yet done (none is sent twice). */
  async restart(actor: Actor, id: number): Promise<CampaignView> {
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id, 'update');
      if (current.status !== 'CANCELADA') throw new AppError(ErrorCode.ERR_CAMPAIGN_WRONG_STATUS);
      requireStartable(current);
      const restarted = (await this.campaigns.transition(tx, actor.companyId, id, ['CANCELADA'], 'EM_ANDAMENTO', { completedAt: null }))!;
      await this.auditStart(tx, actor, current.status, restarted);
      return restarted;
    });
    const view = await this.views.one(actor.companyId, row);
    this.events.saved('update', view);
    return view;
  }

  /** A campaign scheduled (PROGRAMADA) or restarted (EM_ANDAMENTO) by this save: a `campaign.started` entry. */
  private async auditStart(tx: CampaignsTx, actor: Actor, statusBefore: string, row: CampaignRow): Promise<void> {
    const started = (row.status === 'PROGRAMADA' || row.status === 'EM_ANDAMENTO') && row.status !== statusBefore;
    if (!started) return;
    await this.audit.record(tx, actor.companyId, {
      actor,
      action: 'campaign.started',
      entityType: 'campaign',
      entityId: row.id,
      before: { status: statusBefore },
      after: { name: row.name, status: row.status, scheduledAt: row.scheduledAt },
    });
  }

  /** The gateway stored (or removed) the attachment; only while the campaign is editable. */
  async setMedia(actor: Actor, id: number, dto: CampaignMediaDto): Promise<CampaignView> {
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id, 'update');
      if (editability(current, new Date()) !== 'all') throw new AppError(ErrorCode.ERR_CAMPAIGN_NOT_EDITABLE);
      return (await this.campaigns.update(tx, actor.companyId, id, {
        mediaPath: dto.mediaPath ?? null,
        mediaName: dto.mediaName ?? null,
      }))!;
    });
    const view = await this.views.one(actor.companyId, row);
    this.events.saved('update', view);
    return view;
  }

  /** One page of the campaign's shippings (the report's table; the CSV export reads them page by page). */
  async shippingsOf(actor: Actor, id: number, query: CampaignShippingsQueryDto): Promise<CampaignShippingsView> {
    const size = query.limit ?? CAMPAIGN_SHIPPINGS_LIMIT_DEFAULT;
    return this.database.withTenant(actor.companyId, async (tx) => {
      await this.existing(tx, actor.companyId, id);
      const { rows, count } = await this.shippings.page(tx, actor.companyId, id, query.pageNumber, size);
      return {
        shippings: rows.map((row) => ({
          number: row.number,
          name: row.name,
          variant: row.variant,
          deliveredAt: row.deliveredAt?.toISOString() ?? null,
          confirmationRequestedAt: row.confirmationRequestedAt?.toISOString() ?? null,
          confirmedAt: row.confirmedAt?.toISOString() ?? null,
          failedReason: row.failedAt ? row.failedReason : null,
        })),
        count,
        hasMore: hasMore(query.pageNumber, size, rows.length, count),
      };
    });
  }

  private async existing(tx: CampaignsTx, companyId: number, id: number, lock?: 'update'): Promise<CampaignRow> {
    const row = await this.campaigns.find(tx, companyId, id, lock);
    if (!row) throw new AppError(ErrorCode.ERR_NO_CAMPAIGN_FOUND);
    return row;
  }

  private fieldsOf(dto: CampaignDto | UpdateCampaignDto): Partial<CampaignFields> {
    const { scheduledAt, ...rest } = dto;
    return {
      ...rest,
      ...(scheduledAt === undefined ? {} : { scheduledAt: scheduledAt === null ? null : instantOf(scheduledAt, this.config.TIME_ZONE) }),
    };
  }

  /** The contact list and the file list are this service's (their contexts' tables). */
  private async checkLocalReferences(tx: CampaignsTx, companyId: number, fields: Partial<CampaignFields>): Promise<void> {
    if (fields.contactListId) {
      const found = await tx.execute(
        sql`select 1 from campaigns.contact_lists where company_id = ${companyId} and id = ${fields.contactListId}`,
      );
      if (found.rows.length === 0) throw invalid('contactListId');
    }
    if (fields.fileListId) {
      const found = await tx.execute(sql`select 1 from campaigns.file_lists where company_id = ${companyId} and id = ${fields.fileListId}`);
      if (found.rows.length === 0) throw invalid('fileListId');
    }
  }
}

function invalid(field: string): AppError {
  return new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: ['not a record of this company'] }] });
}

/** A campaign given a scheduledAt needs a connection and recipients (a contact list or a tag). */
function requireStartable(fields: {
  scheduledAt?: Date | null;
  whatsappId?: number | null;
  contactListId?: number | null;
  tagListId?: number | null;
}): void {
  if (!fields.scheduledAt) return;
  const missing = [];
  if (!fields.whatsappId) missing.push({ field: 'whatsappId', messages: ['a scheduled campaign needs a connection'] });
  if (!fields.contactListId && !fields.tagListId)
    missing.push({ field: 'contactListId', messages: ['a scheduled campaign needs a contact list or a tag'] });
  if (missing.length > 0) throw new AppError(ErrorCode.ERR_VALIDATION, { fields: missing });
}

function toColumns(fields: Partial<CampaignFields>): Partial<NewCampaign> {
  return { ...fields } as Partial<NewCampaign>;
}

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** 'YYYY-MM-DD HH:mm[:ss]' in the platform's time zone, or an ISO instant with its offset. */
export function instantOf(text: string, timeZone: string): Date {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text)) return new Date(text);
  const [date, time] = text.split(/[ T]/) as [string, string];
  const [h, m, s] = time.split(':').map(Number) as [number, number, number | undefined];
  return new Date(startOfDay(date, timeZone).getTime() + ((h * 60 + m) * 60 + (s ?? 0)) * 1000);
}
