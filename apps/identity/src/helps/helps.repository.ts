import { Inject, Injectable } from '@nestjs/common';
import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { HelpDto, UpdateHelpDto } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { likePattern, pageOffset } from '@atrium/kernel';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { helps } from '../db/schema.js';
import type { IdentityDatabase } from '../shared/identity-database.js';

export type HelpRow = typeof helps.$inferSelect;

/** Help videos are platform-wide (no tenant): read by everyone, written by super users. */
@Injectable()
export class HelpsRepository {
  constructor(@Inject(DATABASE) private readonly database: IdentityDatabase) {}

  async page(searchParam: string | undefined, pageNumber: number | undefined): Promise<{ rows: HelpRow[]; count: number }> {
    const pattern = searchParam?.trim() ? likePattern(searchParam) : undefined;
    const where = pattern ? or(ilike(helps.title, pattern), ilike(helps.description, pattern)) : undefined;
    const [rows, [total]] = await Promise.all([
      this.database.db
        .select()
        .from(helps)
        .where(where)
        .orderBy(asc(helps.title), asc(helps.id))
        .limit(PAGE_SIZE)
        .offset(pageOffset(pageNumber, PAGE_SIZE)),
      this.database.db.select({ n: count() }).from(helps).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  all(): Promise<HelpRow[]> {
    return this.database.db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));
  }

  async findById(id: number): Promise<HelpRow | undefined> {
    const [row] = await this.database.db.select().from(helps).where(eq(helps.id, id));
    return row;
  }

  async create(values: HelpDto): Promise<HelpRow> {
    const [row] = await this.database.db.insert(helps).values(values).returning();
    return row!;
  }

  async update(id: number, values: UpdateHelpDto): Promise<HelpRow | undefined> {
    const [row] = await this.database.db
      .update(helps)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(helps.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.database.db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
    return deleted.length > 0;
  }
}
