import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ContactListImportError, ContactListImportState } from '@atrium/contracts';
import { contactListImports, contactListItems } from '../db/schema.js';
import type { CampaignsTx } from '../shared/campaigns-database.js';

export type ContactListImportRow = typeof contactListImports.$inferSelect;
export type ImportCounters = Partial<
  Pick<
    ContactListImportRow,
    'total' | 'nextLine' | 'read' | 'added' | 'duplicates' | 'invalid' | 'checked' | 'valid' | 'errors' | 'failure' | 'filePath'
  >
>;

/** Imports not finished: their job is due again after a restart. */
export const UNFINISHED_IMPORT_STATES: ContactListImportState[] = ['queued', 'running', 'checking'];

/** The only code that touches `contact_list_imports`, and the WhatsApp marks of `contact_list_items`. */
@Injectable()
export class ContactListImportsRepository {
  async insert(
    tx: CampaignsTx,
    values: { id: string; companyId: number; contactListId: number; fileName: string; filePath: string },
  ): Promise<ContactListImportRow> {
    const [row] = await tx.insert(contactListImports).values(values).returning();
    return row!;
  }

  async find(
    tx: CampaignsTx,
    companyId: number,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<ContactListImportRow | undefined> {
    const query = tx
      .select()
      .from(contactListImports)
      .where(and(eq(contactListImports.companyId, companyId), eq(contactListImports.id, id)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  async latest(tx: CampaignsTx, companyId: number, contactListId: number): Promise<ContactListImportRow | undefined> {
    const [row] = await tx
      .select()
      .from(contactListImports)
      .where(and(eq(contactListImports.companyId, companyId), eq(contactListImports.contactListId, contactListId)))
      .orderBy(desc(contactListImports.createdAt))
      .limit(1);
    return row;
  }

  async update(
    tx: CampaignsTx,
    companyId: number,
    id: string,
    changes: ImportCounters & { state?: ContactListImportState },
  ): Promise<ContactListImportRow | undefined> {
    const [row] = await tx
      .update(contactListImports)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(contactListImports.companyId, companyId), eq(contactListImports.id, id)))
      .returning();
    return row;
  }

  /** Every company's unfinished imports (system scope: the start-up sweep). */
  unfinished(tx: CampaignsTx): Promise<ContactListImportRow[]> {
    return tx
      .select()
      .from(contactListImports)
      .where(inArray(contactListImports.state, UNFINISHED_IMPORT_STATES))
      .orderBy(asc(contactListImports.createdAt));
  }

  /** The next items of the list never checked on WhatsApp. */
  unchecked(tx: CampaignsTx, companyId: number, contactListId: number, limit: number): Promise<Array<{ id: number; number: string }>> {
    return tx
      .select({ id: contactListItems.id, number: contactListItems.number })
      .from(contactListItems)
      .where(
        and(
          eq(contactListItems.companyId, companyId),
          eq(contactListItems.contactListId, contactListId),
          isNull(contactListItems.checkedAt),
        ),
      )
      .orderBy(asc(contactListItems.id))
      .limit(limit);
  }

  /** Records what WhatsApp said about these items (only the numbers still as they were asked). */
  async markChecked(tx: CampaignsTx, companyId: number, results: Array<{ id: number; number: string; valid: boolean }>): Promise<void> {
    if (results.length === 0) return;
    const values = sql.join(
      results.map((r) => sql`(${r.id}::int, ${r.number}::text, ${r.valid}::boolean)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${contactListItems} as items
         set is_whatsapp_valid = checks.valid, checked_at = now(), updated_at = now()
        from (values ${values}) as checks(id, number, valid)
       where items.id = checks.id and items.number = checks.number and items.company_id = ${companyId}`);
  }

  /** Appends bad rows to the import's list, at most `max` kept. */
  static withErrors(current: ContactListImportError[], more: ContactListImportError[], max: number): ContactListImportError[] {
    return current.length >= max ? current : [...current, ...more].slice(0, max);
  }
}
