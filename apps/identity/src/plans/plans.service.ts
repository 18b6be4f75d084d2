import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  PLAN_FLAGS,
  type Actor,
  type Page,
  type PageQueryDto,
  type PlanDto,
  type PlanView,
  type PublicPlanView,
  type UpdatePlanDto,
} from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { requireSuper, toPage } from '@atrium/kernel';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { CompanySessionsRefresher } from '../companies/company-sessions.refresher.js';
import { toPlanView, toPublicPlanView } from './plan.view.js';
import { PlansRepository, type PlanRow } from './plans.repository.js';

/** PostgreSQL's foreign_key_violation: a company took the plan between the check and the delete. */
function isForeignKeyViolation(error: unknown): boolean {
  return [error, (error as { cause?: unknown } | null)?.cause].some((e) => (e as { code?: string } | null)?.code === '23503');
}

/** A plan's fields as the audit log shows them. */
function auditedPlan(row: PlanRow): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/** Plans: read by anyone signing up, administered by super users (spec 001 sections 3 and 9). */
@Injectable()
export class PlansService {
  constructor(
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(CompanySessionsRefresher) private readonly sessions: CompanySessionsRefresher,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** GET /plans/list, before login: names, limits and price only. */
  async publicList(): Promise<PublicPlanView[]> {
    return (await this.plans.all()).map(toPublicPlanView);
  }

  async list(actor: Actor): Promise<PlanView[]> {
    requireSuper(actor);
    return (await this.plans.all()).map(toPlanView);
  }

  async page(actor: Actor, query: PageQueryDto): Promise<Page<PlanView>> {
    requireSuper(actor);
    const { rows, count } = await this.plans.page(query.searchParam, query.pageNumber);
    return toPage(rows.map(toPlanView), count, query.pageNumber, PAGE_SIZE);
  }

  async show(actor: Actor, id: number): Promise<PlanView> {
    requireSuper(actor);
    return toPlanView(await this.found(id));
  }

  async create(actor: Actor, dto: PlanDto): Promise<PlanView> {
    requireSuper(actor);
    const row = await this.saving(() =>
      this.database.asSystem(async (tx) => {
        const created = await this.plans.create({ ...dto, name: dto.name.trim() }, tx);
        await this.audit.record(tx, actor.companyId, {
          actor,
          action: 'plan.created',
          entityType: 'plan',
          entityId: created.id,
          after: auditedPlan(created),
        });
        return created;
      }),
    );
    return toPlanView(row);
  }

  /** New feature flags reach the logged-in users of every company on the plan at once. */
  async update(actor: Actor, id: number, dto: UpdatePlanDto): Promise<PlanView> {
    requireSuper(actor);
    const before = await this.found(id);
    const after = await this.saving(() =>
      this.database.asSystem(async (tx) => {
        const updated = await this.plans.update(id, { ...dto, ...(dto.name !== undefined && { name: dto.name.trim() }) }, tx);
        if (updated) {
          await this.audit.record(tx, actor.companyId, {
            actor,
            action: 'plan.updated',
            entityType: 'plan',
            entityId: id,
            before: auditedPlan(before),
            after: auditedPlan(updated),
          });
        }
        return updated;
      }),
    );
    if (!after) throw new AppError(ErrorCode.ERR_NO_PLAN_FOUND);
    if (PLAN_FLAGS.some((flag) => before[flag] !== after[flag])) await this.sessions.refreshPlan(id);
    return toPlanView(after);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    requireSuper(actor);
    const plan = await this.found(id);
    if ((await this.plans.companiesUsing(id)) > 0) throw new AppError(ErrorCode.ERR_PLAN_IN_USE);
    try {
      await this.database.asSystem(async (tx) => {
        if (!(await this.plans.delete(id, tx))) return;
        await this.audit.record(tx, actor.companyId, {
          actor,
          action: 'plan.deleted',
          entityType: 'plan',
          entityId: id,
          before: auditedPlan(plan),
        });
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.ERR_PLAN_IN_USE);
      throw error;
    }
  }

  private async found(id: number): Promise<PlanRow> {
    const plan = await this.plans.findById(id);
    if (!plan) throw new AppError(ErrorCode.ERR_NO_PLAN_FOUND);
    return plan;
  }

  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'plans_name_unique')) throw new AppError(ErrorCode.ERR_PLAN_NAME_ALREADY_EXISTS);
      throw error;
    }
  }
}
