import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  isAdmin,
  READ_MODEL_PAGE_SIZE,
  SessionsSubjects,
  TicketsSubjects,
  type Actor,
  type CreateUserDto,
  type Page,
  type PageQueryDto,
  type UpdateUserDto,
  type UserCompanyRef,
  type UserRefRecord,
  type UserView,
} from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { AuditTrail, IntegrationOutbox, requireReferences, RpcClient } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { randomBytes } from 'node:crypto';
import { requireAdmin, toPage, withinLimit } from '@atrium/kernel';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { IdentityEvents } from '../shared/identity.events.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { UserLogins } from './user-logins.js';
import { toUserCompanyRef, toUserView } from './user.view.js';
import { UsersRepository, type UserRow } from './users.repository.js';

/** Fields only admins may set (spec 000 section 6: edit-profile and edit-queues actions). */
const ADMIN_ONLY_FIELDS = ['profile', 'queueIds', 'allTicket', 'whatsappId'] as const;

/** A user's fields as the audit log shows them (the password hash never). */
function auditedUser(row: UserRow): Record<string, unknown> {
  return { name: row.name, email: row.email, profile: row.profile, allTicket: row.allTicket, whatsappId: row.whatsappId, super: row.super };
}

@Injectable()
export class UsersService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(UserLogins) private readonly logins: UserLogins,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(IdentityEvents) private readonly events: IdentityEvents,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  page(actor: Actor, query: PageQueryDto): Promise<Page<UserView>> {
    requireAdmin(actor);
    return this.database.withTenant(actor.companyId, async (tx) => {
      const { rows, count } = await this.users.page(tx, actor.companyId, query.searchParam, query.pageNumber);
      return toPage(await this.views(tx, actor.companyId, rows), count, query.pageNumber, PAGE_SIZE);
    });
  }

  /** Every user of the company, for pickers (transfer, filters): any logged-in user may read it. */
  list(actor: Actor): Promise<UserView[]> {
    return this.database.withTenant(actor.companyId, async (tx) =>
      this.views(tx, actor.companyId, await this.users.all(tx, actor.companyId)),
    );
  }

  /** A page of every company's users for tickets' read model (libs/contracts read-models.ts). */
  refs(afterId: number): Promise<UserRefRecord[]> {
    return this.database.asSystem((tx) => this.users.refs(tx, afterId, READ_MODEL_PAGE_SIZE));
  }

  show(actor: Actor, id: number): Promise<UserView> {
    if (!isAdmin(actor) && actor.userId !== id) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    return this.database.withTenant(actor.companyId, (tx) => this.viewOf(tx, actor.companyId, id));
  }

  async create(actor: Actor, dto: CreateUserDto): Promise<UserView> {
    requireAdmin(actor);
    await this.requireReferences(actor, dto);
    await this.refuseTakenEmail(dto.email);
    const passwordHash = await this.passwords.hash(dto.password);
    const view = await this.saving(() =>
      this.database.withTenant(actor.companyId, async (tx) => {
        const company = await this.companies.findWithPlan(tx, actor.companyId);
        if (!company) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
        if (!withinLimit(company.plan.users, await this.users.countInCompany(tx, actor.companyId))) {
          throw new AppError(ErrorCode.ERR_USER_LIMIT_REACHED);
        }
        const row = await this.users.insert(tx, {
          companyId: actor.companyId,
          name: dto.name.trim(),
          email: dto.email.trim().toLowerCase(),
          passwordHash,
          profile: dto.profile ?? 'user',
          allTicket: dto.allTicket ?? 'desabled',
          whatsappId: dto.whatsappId ?? null,
        });
        await this.users.replaceQueues(tx, actor.companyId, row.id, dto.queueIds ?? []);
        await this.outbox.add(tx, 'user.saved', actor.companyId, { user: { id: row.id, name: row.name } });
        await this.audit.record(tx, actor.companyId, {
          actor,
          action: 'user.created',
          entityType: 'user',
          entityId: row.id,
          after: { ...auditedUser(row), queueIds: dto.queueIds ?? [] },
        });
        return { user: await this.viewOf(tx, actor.companyId, row.id), company: toUserCompanyRef(company.company) };
      }),
    );
    this.events.userSaved(actor.companyId, 'create', view.user, view.company);
    return view.user;
  }

  /**
   * A user created at their first single sign-on (sso/sso-login.service.ts): the default profile,
   * no queues, within the plan's user limit, and a password nobody knows (they log in through
   * the provider, or set one with a password reset).
   */
  async provisionFromSso(companyId: number, person: { email: string; name: string }): Promise<UserRow> {
    const passwordHash = await this.passwords.hash(randomBytes(32).toString('base64url'));
    const created = await this.saving(() =>
      this.database.withTenant(companyId, async (tx) => {
        const company = await this.companies.findWithPlan(tx, companyId);
        if (!company) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
        if (!withinLimit(company.plan.users, await this.users.countInCompany(tx, companyId))) {
          throw new AppError(ErrorCode.ERR_USER_LIMIT_REACHED);
        }
        const row = await this.users.insert(tx, { companyId, name: person.name, email: person.email, passwordHash, profile: 'user' });
        await this.outbox.add(tx, 'user.saved', companyId, { user: { id: row.id, name: row.name } });
        return { row, user: await this.viewOf(tx, companyId, row.id), company: toUserCompanyRef(company.company) };
      }),
    );
    this.events.userSaved(companyId, 'create', created.user, created.company);
    return created.row;
  }

  async update(actor: Actor, id: number, dto: UpdateUserDto): Promise<UserView> {
    const admin = isAdmin(actor);
    if (!admin && actor.userId !== id) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    if (admin) await this.requireReferences(actor, dto);
    await this.refuseTakenEmail(dto.email, id);
    const passwordHash = dto.password ? await this.passwords.hash(dto.password) : undefined;
    const view = await this.saving(() =>
      this.database.withTenant(actor.companyId, async (tx) => {
        const current = await this.users.findById(tx, actor.companyId, id);
        if (!current) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
        if (!admin) await this.assertNoAdminOnlyChange(tx, current, dto);
        const queuesBefore = ((await this.users.queuesOf(tx, actor.companyId, [id])).get(id) ?? []).map((q) => q.id).sort((a, b) => a - b);
        await this.users.update(tx, actor.companyId, id, {
          ...(dto.name !== undefined && { name: dto.name.trim() }),
          ...(dto.email !== undefined && { email: dto.email.trim().toLowerCase() }),
          ...(passwordHash !== undefined && { passwordHash }),
          ...(admin && dto.profile !== undefined && { profile: dto.profile }),
          ...(admin && dto.allTicket !== undefined && { allTicket: dto.allTicket }),
          ...(admin && dto.whatsappId !== undefined && { whatsappId: dto.whatsappId }),
        });
        if (admin && dto.queueIds !== undefined) await this.users.replaceQueues(tx, actor.companyId, id, dto.queueIds);
        // other services keep the name (tickets' read model)
        if (dto.name !== undefined) await this.outbox.add(tx, 'user.saved', actor.companyId, { user: { id, name: dto.name.trim() } });
        await this.audit.record(tx, actor.companyId, {
          actor,
          action: 'user.updated',
          entityType: 'user',
          entityId: id,
          before: { ...auditedUser(current), password: 'unchanged', queueIds: queuesBefore },
          after: {
            ...(dto.name !== undefined && { name: dto.name.trim() }),
            ...(dto.email !== undefined && { email: dto.email.trim().toLowerCase() }),
            ...(passwordHash !== undefined && { password: 'changed' }),
            ...(admin && dto.profile !== undefined && { profile: dto.profile }),
            ...(admin && dto.allTicket !== undefined && { allTicket: dto.allTicket }),
            ...(admin && dto.whatsappId !== undefined && { whatsappId: dto.whatsappId }),
            ...(admin && dto.queueIds !== undefined && { queueIds: [...dto.queueIds].sort((a, b) => a - b) }),
          },
        });
        return this.withCompany(tx, actor.companyId, await this.viewOf(tx, actor.companyId, id));
      }),
    );
    await this.logins.refresh(actor.companyId, id);
    this.events.userSaved(actor.companyId, 'update', view.user, view.company);
    return view.user;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    requireAdmin(actor);
    if (actor.userId === id) throw new AppError(ErrorCode.ERR_CANNOT_DELETE_SELF);
    await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.users.findById(tx, actor.companyId, id);
      await this.logins.revokeAll(tx, id);
      if (!current || !(await this.users.delete(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
      // the tickets service releases their open tickets
      await this.outbox.add(tx, 'user.deleted', actor.companyId, { userId: id });
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'user.deleted',
        entityType: 'user',
        entityId: id,
        before: auditedUser(current),
      });
    });
    await this.logins.end(id);
    this.events.userDeleted(actor.companyId, id);
  }

  /** Online flag from the socket's userStatus heartbeat. */
  async setOnline(actor: Actor, online: boolean): Promise<void> {
    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.users.update(tx, actor.companyId, actor.userId, { online, lastSeenAt: new Date() });
      return row ? this.withCompany(tx, actor.companyId, (await this.views(tx, actor.companyId, [row]))[0]!) : undefined;
    });
    if (view) this.events.userSaved(actor.companyId, 'update', view.user, view.company);
  }

  private async assertNoAdminOnlyChange(tx: IdentityTx, current: UserRow, dto: UpdateUserDto): Promise<void> {
    const queues = (await this.users.queuesOf(tx, current.companyId, [current.id])).get(current.id) ?? [];
    const currentValues: Record<(typeof ADMIN_ONLY_FIELDS)[number], unknown> = {
      profile: current.profile,
      queueIds: queues.map((q) => q.id).sort((a, b) => a - b),
      allTicket: current.allTicket,
      whatsappId: current.whatsappId,
    };
    for (const field of ADMIN_ONLY_FIELDS) {
      let requested: unknown = dto[field];
      if (requested === undefined) continue;
      if (field === 'queueIds') requested = [...(requested as number[])].sort((a, b) => a - b);
      if (JSON.stringify(requested) !== JSON.stringify(currentValues[field])) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    }
  }

  /**
   * A user's queues are the tickets service's and their connection the sessions service's: each
   * owner is asked once whether the ids are the company's (ERR_VALIDATION on the field otherwise).
   */
  private async requireReferences(actor: Actor, dto: Pick<CreateUserDto, 'queueIds' | 'whatsappId'>): Promise<void> {
    await Promise.all([
      requireReferences(this.rpc, TicketsSubjects.referencesMissing, actor, { queueIds: dto.queueIds }, { queueIds: 'queueIds' }),
      requireReferences(
        this.rpc,
        SessionsSubjects.referencesMissing,
        actor,
        { whatsappIds: typeof dto.whatsappId === 'number' ? [dto.whatsappId] : [] },
        { whatsappIds: 'whatsappId' },
      ),
    ]);
  }

  /** The user and their company, as `company-{id}-user` announces them. */
  private async withCompany(tx: IdentityTx, companyId: number, user: UserView): Promise<{ user: UserView; company: UserCompanyRef }> {
    const company = await this.companies.findWithPlan(tx, companyId);
    if (!company) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
    return { user, company: toUserCompanyRef(company.company) };
  }

  private async viewOf(tx: IdentityTx, companyId: number, id: number): Promise<UserView> {
    const row = await this.users.findById(tx, companyId, id);
    if (!row) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
    return (await this.views(tx, companyId, [row]))[0]!;
  }

  private async views(tx: IdentityTx, companyId: number, rows: UserRow[]): Promise<UserView[]> {
    const queues = await this.users.queuesOf(
      tx,
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toUserView(row, queues.get(row.id) ?? []));
  }

  /**
   * E-mails are unique across companies, so the check reads as the system, on its own connection:
   * before the tenant transaction, never inside it (a second pool connection per save ran the pool
   * dry under parallel saves). A race between two saves ends at the unique index (see saving).
   */
  private async refuseTakenEmail(email: string | undefined, exceptUserId?: number): Promise<void> {
    if (email && (await this.database.asSystem((system) => this.users.emailTaken(system, email, exceptUserId)))) {
      throw new AppError(ErrorCode.ERR_EMAIL_ALREADY_EXISTS);
    }
  }

  /** A concurrent save of the same e-mail loses on the unique index, not silently. */
  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw new AppError(ErrorCode.ERR_EMAIL_ALREADY_EXISTS);
      throw error;
    }
  }
}
