import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  nextDueDate,
  type BillableCompanyView,
  type ScheduleRow,
  type CompanyDto,
  type CompanyRenewal,
  type CompanyPlanView,
  type CompanySchedulesDto,
  type CompanyView,
  type Page,
  type PageQueryDto,
  type UpdateCompanyDto,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { requireSuper, toPage } from '@atrium/kernel';
import { AuditTrail, IntegrationOutbox } from '@atrium/messaging';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { toPlanView } from '../plans/plan.view.js';
import { PlansRepository } from '../plans/plans.repository.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { IdentityEvents } from '../shared/identity.events.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { CompaniesRepository, type CompanyRow, type NewCompany } from './companies.repository.js';
import { companyContact, CompanyProvisioner, conflictOf, phoneDigits } from './company-provisioner.js';
import { CompanySessionsRefresher } from './company-sessions.refresher.js';
import { CompanyViewLoader } from './company-view.loader.js';

/** A company's fields as the audit log shows them. */
function auditedCompany(row: CompanyRow): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/** Companies (tenants), administered by super users (spec 001 sections 2, 3 and 7). */
@Injectable()
export class CompaniesService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(CompanyProvisioner) private readonly provisioner: CompanyProvisioner,
    @Inject(CompanyViewLoader) private readonly views: CompanyViewLoader,
    @Inject(CompanySessionsRefresher) private readonly sessions: CompanySessionsRefresher,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(IdentityEvents) private readonly events: IdentityEvents,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  list(actor: Actor): Promise<CompanyView[]> {
    requireSuper(actor);
    return this.database.asSystem(async (tx) => this.views.many(tx, await this.companies.all(tx)));
  }

  page(actor: Actor, query: PageQueryDto): Promise<Page<CompanyView>> {
    requireSuper(actor);
    return this.database.asSystem(async (tx) => {
      const { rows, count } = await this.companies.page(tx, query.searchParam, query.pageNumber);
      return toPage(await this.views.many(tx, rows), count, query.pageNumber, PAGE_SIZE);
    });
  }

  /** A company: super users read any; an admin reads their own (the Horários tab needs its hours). */
  show(actor: Actor, id: number): Promise<CompanyView> {
    if (actor.super) return this.database.asSystem((tx) => this.views.one(tx, id));
    if (actor.companyId !== id || actor.profile !== 'admin') throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    return this.database.withTenant(id, (tx) => this.views.one(tx, id));
  }

  /** With `password`, the company's admin user is created too (e-mail: the company's), as in signup. */
  async create(actor: Actor, dto: CompanyDto): Promise<CompanyView> {
    requireSuper(actor);
    const passwordHash = dto.password ? await this.passwords.hash(dto.password) : undefined;
    return this.saving(() =>
      this.database.asSystem(async (tx) => {
        const row = await this.provisioner.provision(tx, {
          company: {
            ...companyContact(dto),
            status: dto.status ?? true,
            dueDate: dto.dueDate ?? null,
            recurrence: dto.recurrence ?? 'MENSAL',
            ...this.billingFields(dto),
          },
          campaignsEnabled: dto.campaignsEnabled ?? true,
          admin: passwordHash ? { email: dto.email, passwordHash } : undefined,
        });
        await this.audit.record(tx, actor.companyId, {
          actor,
          action: 'company.created',
          entityType: 'company',
          entityId: row.id,
          after: {
            ...auditedCompany(row),
            campaignsEnabled: dto.campaignsEnabled ?? true,
            ...(dto.password && { password: dto.password }),
          },
        });
        return this.views.one(tx, row.id);
      }),
    );
  }

  async update(actor: Actor, id: number, dto: UpdateCompanyDto): Promise<CompanyView> {
    requireSuper(actor);
    const { before, view } = await this.saving(() =>
      this.database.asSystem(async (tx) => {
        const current = await this.companies.findWithPlan(tx, id);
        if (!current) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
        if (dto.planId !== undefined && !(await this.plans.findById(dto.planId, tx))) throw new AppError(ErrorCode.ERR_NO_PLAN_FOUND);
        if (dto.name !== undefined && (await this.companies.nameTaken(tx, dto.name.trim(), id))) {
          throw new AppError(ErrorCode.ERR_COMPANY_NAME_ALREADY_EXISTS);
        }
        await this.companies.update(tx, id, {
          ...(dto.name !== undefined && { name: dto.name.trim() }),
          ...(dto.email !== undefined && { email: dto.email.trim().toLowerCase() }),
          ...(dto.phone !== undefined && { phone: phoneDigits(dto.phone) }),
          ...(dto.planId !== undefined && { planId: dto.planId }),
          ...(dto.status !== undefined && { status: dto.status }),
          ...(dto.dueDate !== undefined && { dueDate: dto.dueDate }),
          ...(dto.recurrence !== undefined && { recurrence: dto.recurrence }),
          ...this.billingFields(dto),
        });
        if (dto.campaignsEnabled !== undefined) await this.settings.upsert(tx, id, 'campaignsEnabled', String(dto.campaignsEnabled));
        const view = await this.views.one(tx, id);
        await this.subscriptionChanged(tx, current.company, view);
        const updated = await this.companies.findWithPlan(tx, id);
        await this.audit.record(tx, actor.companyId, {
          actor,
          action: 'company.updated',
          entityType: 'company',
          entityId: id,
          before: auditedCompany(current.company),
          after: {
            ...(updated && auditedCompany(updated.company)),
            ...(dto.campaignsEnabled !== undefined && { campaignsEnabled: dto.campaignsEnabled }),
          },
        });
        return { before: current.company, view };
      }),
    );
    await this.sessions.afterSubscriptionChange(before, view);
    if (dto.campaignsEnabled !== undefined)
      this.events.settingSaved(id, { key: 'campaignsEnabled', value: String(dto.campaignsEnabled) }, false);
    return view;
  }

  /** The platform company cannot go; any other takes its users, settings and sessions with it. */
  async delete(actor: Actor, id: number): Promise<void> {
    requireSuper(actor);
    const members = await this.database.asSystem(async (tx) => {
      const current = await this.companies.findWithPlan(tx, id);
      if (!current) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
      if (current.company.isPlatform) throw new AppError(ErrorCode.ERR_CANNOT_DELETE_PLATFORM_COMPANY);
      const users = await this.companies.membersOf(tx, { companyId: id });
      await this.companies.delete(tx, id);
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'company.deleted',
        entityType: 'company',
        entityId: id,
        before: auditedCompany(current.company),
      });
      return users;
    });
    await this.sessions.endSessions(members, { includeSuper: true });
  }

  /** Company opening hours: super users, or the admins of that company. */
  async updateSchedules(actor: Actor, id: number, dto: CompanySchedulesDto): Promise<CompanyView> {
    const ownAdmin = actor.companyId === id && actor.profile === 'admin';
    if (!actor.super && !ownAdmin) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    const work = async (tx: IdentityTx) => {
      const schedules = dto.schedules.map(({ weekday, weekdayEn, startTime, endTime }) => ({ weekday, weekdayEn, startTime, endTime }));
      const current = await this.companies.findWithPlan(tx, id);
      if (!current || !(await this.companies.update(tx, id, { schedules }))) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'company.updated',
        entityType: 'company',
        entityId: id,
        before: { schedules: current.company.schedules },
        after: { schedules },
      });
      return this.views.one(tx, id);
    };
    return actor.super ? this.database.asSystem(work) : this.database.withTenant(id, work);
  }

  /** Plan flags and limits of a company: its own users, super users, and other services (no actor). */
  async planOf(actor: Actor | undefined, companyId: number): Promise<CompanyPlanView> {
    if (actor && !actor.super && actor.companyId !== companyId) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    const found = await this.database.asSystem((tx) => this.companies.findWithPlan(tx, companyId));
    if (!found) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
    return { id: found.company.id, name: found.company.name, dueDate: found.company.dueDate, plan: toPlanView(found.plan) };
  }

  /** The company's opening hours (other services, no actor). */
  async hoursOf(companyId: number): Promise<ScheduleRow[]> {
    const found = await this.database.asSystem((tx) => this.companies.findWithPlan(tx, companyId));
    if (!found) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
    return found.company.schedules;
  }

  /** Companies (or the one company) due on or before `dueBy` with their plan's name and value (billing issues their invoices). */
  async billable(dueBy: string, companyId?: number): Promise<BillableCompanyView[]> {
    const rows = await this.database.asSystem((tx) => this.companies.dueBy(tx, dueBy, companyId));
    return rows.map(({ company, plan }) => ({
      id: company.id,
      name: company.name,
      email: company.email,
      dueDate: company.dueDate,
      recurrence: company.recurrence as BillableCompanyView['recurrence'],
      status: company.status,
      plan: { id: plan.id, name: plan.name, value: plan.value },
    }));
  }

  /**
   * A paid invoice renews the license: the due date becomes one recurrence after the invoice's
   * due date and the company is active again, at once for its logged-in users. Idempotent: the
   * date only ever moves forward, so a repeat of the same renewal changes nothing.
   */
  async renew(companyId: number, paidDueDate: string): Promise<CompanyRenewal> {
    const { before, renewed, view } = await this.database.asSystem(async (tx) => {
      const current = await this.companies.findWithPlan(tx, companyId);
      if (!current) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
      const target = nextDueDate(paidDueDate, current.company.recurrence as BillableCompanyView['recurrence']);
      const renewed = await this.companies.extendTo(tx, companyId, target);
      const view = await this.views.one(tx, companyId);
      await this.subscriptionChanged(tx, current.company, view);
      return { before: current.company, renewed, view };
    });
    if (renewed) await this.sessions.afterSubscriptionChange(before, view);
    return { renewed, company: view };
  }

  /** A new plan or due date is stated to billing (durable, in the same transaction), which issues the period's invoice. */
  private async subscriptionChanged(tx: IdentityTx, before: CompanyRow, after: CompanyView): Promise<void> {
    if (before.planId === after.planId && before.dueDate === after.dueDate) return;
    await this.outbox.add(tx, 'company.subscriptionChanged', after.id, { planId: after.planId, dueDate: after.dueDate });
  }

  private billingFields(dto: CompanyDto | UpdateCompanyDto): Partial<NewCompany> {
    return {
      ...(dto.document !== undefined && { document: dto.document }),
      ...(dto.addressZipCode !== undefined && { addressZipCode: dto.addressZipCode }),
      ...(dto.addressStreet !== undefined && { addressStreet: dto.addressStreet }),
      ...(dto.addressState !== undefined && { addressState: dto.addressState }),
      ...(dto.addressCity !== undefined && { addressCity: dto.addressCity }),
      ...(dto.addressDistrict !== undefined && { addressDistrict: dto.addressDistrict }),
    };
  }

  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
  }
}
