import { Inject, Injectable } from '@nestjs/common';
import { count, eq, ilike, asc } from 'drizzle-orm';
import type { PlanDto, UpdatePlanDto } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { likePattern, pageOffset } from '@atrium/kernel';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { companies, plans } from '../db/schema.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';

export type PlanRow = typeof plans.$inferSelect;

/** Plans are platform-wide (no tenant): read by signup and login, written by super users. */
@Injectable()
export class PlansRepository {
  constructor(@Inject(DATABASE) private readonly database: IdentityDatabase) {}

  all(): Promise<PlanRow[]> {
    return this.database.db.select().from(plans).orderBy(asc(plans.value), asc(plans.id));
  }

  async page(searchParam: string | undefined, pageNumber: number | undefined): Promise<{ rows: PlanRow[]; count: number }> {
    const where = searchParam ? ilike(plans.name, likePattern(searchParam)) : undefined;
    const [rows, [total]] = await Promise.all([
      this.database.db.select().from(plans).where(where).orderBy(asc(plans.id)).limit(PAGE_SIZE).offset(pageOffset(pageNumber, PAGE_SIZE)),
      this.database.db.select({ n: count() }).from(plans).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  async findById(id: number, tx?: IdentityTx): Promise<PlanRow | undefined> {
    const [row] = await (tx ?? this.database.db).select().from(plans).where(eq(plans.id, id));
    return row;
  }

  async findByName(name: string): Promise<PlanRow | undefined> {
    const [row] = await this.database.db.select().from(plans).where(eq(plans.name, name));
    return row;
  }

  async create(values: PlanDto, tx?: IdentityTx): Promise<PlanRow> {
    const [row] = await (tx ?? this.database.db).insert(plans).values(values).returning();
    return row!;
  }

  async update(id: number, values: UpdatePlanDto, tx?: IdentityTx): Promise<PlanRow | undefined> {
    const [row] = await (tx ?? this.database.db)
      .update(plans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(plans.id, id))
      .returning();
    return row;
  }

  async delete(id: number, tx?: IdentityTx): Promise<boolean> {
    const deleted = await (tx ?? this.database.db).delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
    return deleted.length > 0;
  }

  /** Companies on this plan, across tenants (system scope). */
  async companiesUsing(id: number): Promise<number> {
    const [row] = await this.database.asSystem((tx) => tx.select({ n: count() }).from(companies).where(eq(companies.planId, id)));
    return row?.n ?? 0;
  }
}
