import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import { likePattern, pageOffset } from '@atrium/kernel';
import { fileListOptions, fileLists } from '../db/schema.js';
import type { CampaignsTx } from '../shared/campaigns-database.js';

export type FileListRow = typeof fileLists.$inferSelect;
export type FileListOptionRow = typeof fileListOptions.$inferSelect;
export type FileListWithOptions = FileListRow & { options: FileListOptionRow[] };

/** The only code that touches `file_lists` and `file_list_options`. */
@Injectable()
export class FileListsRepository {
  async page(
    tx: CampaignsTx,
    companyId: number,
    searchParam: string | undefined,
    pageNumber: number | undefined,
    size: number,
  ): Promise<{ rows: FileListWithOptions[]; count: number }> {
    const conditions: SQL[] = [eq(fileLists.companyId, companyId)];
    if (searchParam?.trim()) conditions.push(ilike(fileLists.name, likePattern(searchParam)));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(fileLists)
        .where(where)
        .orderBy(asc(fileLists.name), asc(fileLists.id))
        .limit(size)
        .offset(pageOffset(pageNumber, size)),
      tx.select({ value: count() }).from(fileLists).where(where),
    ]);
    return { rows: await this.withOptions(tx, rows), count: total!.value };
  }

  async find(
    tx: CampaignsTx,
    companyId: number,
    id: number,
    options: { forUpdate?: boolean } = {},
  ): Promise<FileListWithOptions | undefined> {
    const query = tx
      .select()
      .from(fileLists)
      .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ? (await this.withOptions(tx, [row]))[0] : undefined;
  }

  async insert(tx: CampaignsTx, values: { companyId: number; name: string; message: string; userId: number | null }): Promise<FileListRow> {
    const [row] = await tx.insert(fileLists).values(values).returning();
    return row!;
  }

  async update(
    tx: CampaignsTx,
    companyId: number,
    id: number,
    changes: { name: string; message: string; userId: number | null },
  ): Promise<void> {
    await tx
      .update(fileLists)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
  }

  async delete(tx: CampaignsTx, companyId: number, id: number): Promise<FileListWithOptions | undefined> {
    const current = await this.find(tx, companyId, id, { forUpdate: true });
    if (!current) return undefined;
    await tx.delete(fileLists).where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
    return current;
  }

  /** Removes the options not in `keepIds`; answers them (their files go too). */
  async removeOptionsExcept(tx: CampaignsTx, fileListId: number, keepIds: number[]): Promise<FileListOptionRow[]> {
    const where =
      keepIds.length > 0
        ? and(eq(fileListOptions.fileListId, fileListId), notInArray(fileListOptions.id, keepIds))
        : eq(fileListOptions.fileListId, fileListId);
    return tx.delete(fileListOptions).where(where).returning();
  }

  async renameOption(tx: CampaignsTx, fileListId: number, id: number, name: string): Promise<void> {
    await tx
      .update(fileListOptions)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(fileListOptions.fileListId, fileListId), eq(fileListOptions.id, id)));
  }

  async insertOptions(tx: CampaignsTx, companyId: number, fileListId: number, names: string[]): Promise<void> {
    if (names.length > 0) await tx.insert(fileListOptions).values(names.map((name) => ({ companyId, fileListId, name })));
  }

  /** Gives an option its file; answers the file it had before (or undefined when the option is not the list's). */
  async setOptionFile(
    tx: CampaignsTx,
    fileListId: number,
    id: number,
    file: { path: string; fileName: string; mediaType: string },
  ): Promise<{ previous: string | null } | undefined> {
    const [current] = await tx
      .select()
      .from(fileListOptions)
      .where(and(eq(fileListOptions.fileListId, fileListId), eq(fileListOptions.id, id)))
      .for('update');
    if (!current) return undefined;
    await tx
      .update(fileListOptions)
      .set({ ...file, updatedAt: new Date() })
      .where(eq(fileListOptions.id, id));
    return { previous: current.path };
  }

  private async withOptions(tx: CampaignsTx, rows: FileListRow[]): Promise<FileListWithOptions[]> {
    if (rows.length === 0) return [];
    const options = await tx
      .select()
      .from(fileListOptions)
      .where(
        inArray(
          fileListOptions.fileListId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(fileListOptions.id));
    return rows.map((row) => ({ ...row, options: options.filter((option) => option.fileListId === row.id) }));
  }
}
