import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { whatsappTemplates } from '../db/schema.js';
import type { SessionsTx } from '../shared/sessions-database.js';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;
export type TemplateValues = Omit<typeof whatsappTemplates.$inferInsert, 'id' | 'updatedAt'>;

/** A connection's message templates (sessions.whatsapp_templates). */
@Injectable()
export class TemplatesRepository {
  list(tx: SessionsTx, companyId: number, whatsappId: number): Promise<TemplateRow[]> {
    return tx
      .select()
      .from(whatsappTemplates)
      .where(and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.whatsappId, whatsappId)))
      .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
  }

  async findByName(
    tx: SessionsTx,
    companyId: number,
    whatsappId: number,
    name: string,
    language: string,
  ): Promise<TemplateRow | undefined> {
    const [row] = await tx
      .select()
      .from(whatsappTemplates)
      .where(
        and(
          eq(whatsappTemplates.companyId, companyId),
          eq(whatsappTemplates.whatsappId, whatsappId),
          eq(whatsappTemplates.name, name),
          eq(whatsappTemplates.language, language),
        ),
      );
    return row;
  }

  /** Inserts or refreshes templates by Meta's id. */
  async upsert(tx: SessionsTx, rows: TemplateValues[]): Promise<TemplateRow[]> {
    if (rows.length === 0) return [];
    return tx
      .insert(whatsappTemplates)
      .values(rows)
      .onConflictDoUpdate({
        target: [whatsappTemplates.whatsappId, whatsappTemplates.metaId],
        set: {
          name: sql`excluded.name`,
          language: sql`excluded.language`,
          category: sql`excluded.category`,
          status: sql`excluded.status`,
          quality: sql`excluded.quality`,
          reason: sql`excluded.reason`,
          components: sql`excluded.components`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
  }

  /** Templates of the connection Meta no longer lists (deleted in WhatsApp Manager). */
  async deleteOthers(tx: SessionsTx, companyId: number, whatsappId: number, keepMetaIds: string[]): Promise<void> {
    const scope = and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.whatsappId, whatsappId));
    await tx
      .delete(whatsappTemplates)
      .where(keepMetaIds.length > 0 ? and(scope, notInArray(whatsappTemplates.metaId, keepMetaIds)) : scope);
  }

  /** A webhook's news about one template of these connections (status and reason, or quality); answers the rows it changed. */
  update(
    tx: SessionsTx,
    whatsappIds: number[],
    metaId: string,
    patch: Partial<Pick<TemplateRow, 'status' | 'reason' | 'quality' | 'category'>>,
  ): Promise<TemplateRow[]> {
    if (whatsappIds.length === 0) return Promise.resolve([]);
    return tx
      .update(whatsappTemplates)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(inArray(whatsappTemplates.whatsappId, whatsappIds), eq(whatsappTemplates.metaId, metaId)))
      .returning();
  }
}
