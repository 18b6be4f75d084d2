import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { AnnouncementDto, UpdateAnnouncementDto } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { likePattern, pageOffset } from '@atrium/kernel';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { announcements } from '../db/schema.js';
import type { IdentityDatabase } from '../shared/identity-database.js';

export type AnnouncementRow = typeof announcements.$inferSelect;
type AnnouncementValues = Partial<typeof announcements.$inferInsert>;

export interface AnnouncementFilter {
  searchParam?: string;
  /** Only active announcements (what non-super users see). */
  activeOnly: boolean;
}

/** Announcements are platform-wide (no tenant): written by super users, read by everyone. */
@Injectable()
export class AnnouncementsRepository {
  constructor(@Inject(DATABASE) private readonly database: IdentityDatabase) {}

  async page(filter: AnnouncementFilter, pageNumber: number | undefined): Promise<{ rows: AnnouncementRow[]; count: number }> {
    const pattern = filter.searchParam?.trim() ? likePattern(filter.searchParam) : undefined;
    const where = and(
      filter.activeOnly ? eq(announcements.status, true) : undefined,
      pattern ? or(ilike(announcements.title, pattern), ilike(announcements.text, pattern)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.database.db
        .select()
        .from(announcements)
        .where(where)
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(PAGE_SIZE)
        .offset(pageOffset(pageNumber, PAGE_SIZE)),
      this.database.db.select({ n: count() }).from(announcements).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  async findById(id: number): Promise<AnnouncementRow | undefined> {
    const [row] = await this.database.db.select().from(announcements).where(eq(announcements.id, id));
    return row;
  }

  async create(values: AnnouncementDto): Promise<AnnouncementRow> {
    const [row] = await this.database.db.insert(announcements).values(values).returning();
    return row!;
  }

  async update(
    id: number,
    values: UpdateAnnouncementDto | Pick<AnnouncementValues, 'mediaPath' | 'mediaName'>,
  ): Promise<AnnouncementRow | undefined> {
    const [row] = await this.database.db
      .update(announcements)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(announcements.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<AnnouncementRow | undefined> {
    const [row] = await this.database.db.delete(announcements).where(eq(announcements.id, id)).returning();
    return row;
  }
}
