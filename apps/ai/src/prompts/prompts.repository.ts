import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { prompts } from '../db/schema.js';
import type { AiTx } from '../shared/ai-database.js';

export type PromptRow = typeof prompts.$inferSelect;
export type NewPrompt = typeof prompts.$inferInsert;

/** The only code that touches the `prompts` table. */
@Injectable()
export class PromptsRepository {
  list(tx: AiTx, companyId: number): Promise<PromptRow[]> {
    return tx.select().from(prompts).where(eq(prompts.companyId, companyId)).orderBy(asc(prompts.name), asc(prompts.id));
  }

  async find(tx: AiTx, companyId: number, id: number): Promise<PromptRow | undefined> {
    const [row] = await tx
      .select()
      .from(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
    return row;
  }

  async insert(tx: AiTx, values: NewPrompt): Promise<PromptRow> {
    const [row] = await tx.insert(prompts).values(values).returning();
    return row!;
  }

  async update(tx: AiTx, companyId: number, id: number, values: Partial<NewPrompt>): Promise<PromptRow | undefined> {
    const [row] = await tx
      .update(prompts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
      .returning();
    return row;
  }

  async delete(tx: AiTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
      .returning({ id: prompts.id });
    return rows.length > 0;
  }

  async existingIds(tx: AiTx, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.companyId, companyId), inArray(prompts.id, ids)));
    return rows.map((row) => row.id);
  }
}
