import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { QueueRef, UserRefRecord } from '@atrium/contracts';
import { likePattern, pageOffset } from '@atrium/kernel';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { companies, plans, queueRefs, userQueues, users } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Users of a company, always inside the caller's tenant (or system) transaction. */
@Injectable()
export class UsersRepository {
  /** For login and password reset, which start from an e-mail alone: call inside asSystem. */
  async findByEmailWithCompany(tx: IdentityTx, email: string) {
    const [row] = await tx
      .select({ user: users, company: companies, plan: plans })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  async emailTaken(tx: IdentityTx, email: string, exceptUserId?: number): Promise<boolean> {
    const conditions = [sql`lower(${users.email}) = lower(${email})`];
    if (exceptUserId !== undefined) conditions.push(ne(users.id, exceptUserId));
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(...conditions));
    return row !== undefined;
  }

  async findById(tx: IdentityTx, companyId: number, id: number): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)));
    return row;
  }

  async page(tx: IdentityTx, companyId: number, searchParam: string | undefined, pageNumber: number | undefined) {
    const pattern = searchParam ? likePattern(searchParam) : undefined;
    const where = and(eq(users.companyId, companyId), pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined);
    // one transaction is one connection: its queries run one after the other
    const rows = await tx
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(pageNumber, PAGE_SIZE));
    const [total] = await tx.select({ n: count() }).from(users).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  all(tx: IdentityTx, companyId: number): Promise<UserRow[]> {
    return tx.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name), asc(users.id));
  }

  /** A page of every company's users as other services keep them, ids after `afterId`: call inside asSystem. */
  refs(tx: IdentityTx, afterId: number, limit: number): Promise<UserRefRecord[]> {
    return tx
      .select({ id: users.id, companyId: users.companyId, name: users.name })
      .from(users)
      .where(gt(users.id, afterId))
      .orderBy(asc(users.id))
      .limit(limit);
  }

  async countInCompany(tx: IdentityTx, companyId: number): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
    return row?.n ?? 0;
  }

  async insert(tx: IdentityTx, values: NewUser): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  }

  async update(tx: IdentityTx, companyId: number, id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .returning();
    return row;
  }

  async delete(tx: IdentityTx, companyId: number, id: number): Promise<boolean> {
    const deleted = await tx
      .delete(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .returning({ id: users.id });
    return deleted.length > 0;
  }

  async replaceQueues(tx: IdentityTx, companyId: number, userId: number, queueIds: number[]): Promise<void> {
    await tx.delete(userQueues).where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)));
    const unique = [...new Set(queueIds)];
    if (unique.length > 0) await tx.insert(userQueues).values(unique.map((queueId) => ({ companyId, userId, queueId })));
  }

  /** Each user's queues, named from the tickets service's read model when it knows them. */
  async queuesOf(tx: IdentityTx, companyId: number, userIds: number[]): Promise<Map<number, QueueRef[]>> {
    const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const rows = await tx
      .select({ userId: userQueues.userId, id: userQueues.queueId, name: queueRefs.name, color: queueRefs.color })
      .from(userQueues)
      .leftJoin(queueRefs, eq(queueRefs.id, userQueues.queueId))
      .where(and(eq(userQueues.companyId, companyId), inArray(userQueues.userId, userIds)))
      .orderBy(asc(userQueues.queueId));
    for (const row of rows) byUser.get(row.userId)?.push({ id: row.id, name: row.name ?? null, color: row.color ?? null });
    return byUser;
  }
}
