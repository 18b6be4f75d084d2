import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SettingView } from '@atrium/contracts';
import { likePattern, pageOffset } from '@atrium/kernel';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { companies, plans, queueRefs, settings, users } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';
import type { PlanRow } from '../plans/plans.repository.js';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export interface CompanyWithPlan {
  company: CompanyRow;
  plan: PlanRow;
}
/** A user of a company, as the session refresher needs it. */
export interface CompanyMember {
  userId: number;
  companyId: number;
  super: boolean;
}

/** Companies (tenants). Callers choose the scope: a company's own tenant, or system for super users. */
@Injectable()
export class CompaniesRepository {
  async insert(tx: IdentityTx, values: NewCompany): Promise<CompanyRow> {
    const [row] = await tx.insert(companies).values(values).returning();
    return row!;
  }

  async findWithPlan(tx: IdentityTx, id: number): Promise<CompanyWithPlan | undefined> {
    const [row] = await tx
      .select({ company: companies, plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, id));
    return row;
  }

  async all(tx: IdentityTx): Promise<CompanyWithPlan[]> {
    return tx
      .select({ company: companies, plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .orderBy(asc(companies.id));
  }

  async page(
    tx: IdentityTx,
    searchParam: string | undefined,
    pageNumber: number | undefined,
  ): Promise<{ rows: CompanyWithPlan[]; count: number }> {
    const pattern = searchParam ? likePattern(searchParam) : undefined;
    const where = pattern ? or(ilike(companies.name, pattern), ilike(companies.email, pattern)) : undefined;
    // One transaction is one connection: its queries run one after the other.
    const rows = await tx
      .select({ company: companies, plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(where)
      .orderBy(asc(companies.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(pageNumber, PAGE_SIZE));
    const [total] = await tx.select({ n: count() }).from(companies).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  async nameTaken(tx: IdentityTx, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(sql`lower(${companies.name}) = lower(${name})`);
    return row !== undefined && row.id !== exceptId;
  }

  async update(tx: IdentityTx, id: number, values: Partial<NewCompany>): Promise<CompanyRow | undefined> {
    const [row] = await tx
      .update(companies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning();
    return row;
  }

  /** Users, settings and sessions go with it (foreign keys cascade); the queue read model has no key, so it is cleared here. */
  async delete(tx: IdentityTx, id: number): Promise<boolean> {
    const deleted = await tx.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
    if (deleted.length === 0) return false;
    await tx.delete(queueRefs).where(eq(queueRefs.companyId, id));
    return true;
  }

  /** The settings of several companies at once (system scope), for company lists. */
  async settingsOf(tx: IdentityTx, companyIds: number[]): Promise<Map<number, SettingView[]>> {
    const byCompany = new Map<number, SettingView[]>(companyIds.map((id) => [id, []]));
    if (companyIds.length === 0) return byCompany;
    const rows = await tx
      .select({ companyId: settings.companyId, key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.companyId, companyIds))
      .orderBy(asc(settings.key));
    for (const { companyId, key, value } of rows) byCompany.get(companyId)?.push({ key, value });
    return byCompany;
  }

  /** The users of one company, or of every company on a plan (system scope). */
  membersOf(tx: IdentityTx, scope: { companyId: number } | { planId: number }): Promise<CompanyMember[]> {
    const where = 'companyId' in scope ? eq(users.companyId, scope.companyId) : eq(companies.planId, scope.planId);
    return tx
      .select({ userId: users.id, companyId: users.companyId, super: users.super })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(asc(users.id));
  }

  /** Companies (not the platform's; only `companyId` when given) due on or before `dueBy`, with their plans (system scope), for billing. */
  async dueBy(tx: IdentityTx, dueBy: string, companyId?: number): Promise<CompanyWithPlan[]> {
    return tx
      .select({ company: companies, plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(
        and(
          isNotNull(companies.dueDate),
          lte(companies.dueDate, dueBy),
          eq(companies.isPlatform, false),
          companyId === undefined ? undefined : eq(companies.id, companyId),
        ),
      )
      .orderBy(asc(companies.id));
  }

  /**
   * Moves the due date to `dueDate` and activates the company, only if its due date is before
   * `dueDate` (or unset): a repeated renewal finds nothing to change. Answers whether it changed.
   */
  async extendTo(tx: IdentityTx, id: number, dueDate: string): Promise<boolean> {
    const changed = await tx
      .update(companies)
      .set({ dueDate, status: true, updatedAt: new Date() })
      .where(and(eq(companies.id, id), or(sql`${companies.dueDate} is null`, lt(companies.dueDate, dueDate))))
      .returning({ id: companies.id });
    return changed.length > 0;
  }

  async platformCompany(tx: IdentityTx): Promise<CompanyRow | undefined> {
    const [row] = await tx.select().from(companies).where(eq(companies.isPlatform, true)).orderBy(asc(companies.id)).limit(1);
    return row;
  }
}
