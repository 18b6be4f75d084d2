import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { AppError, CONTACT_LIST_IMPORT_ERRORS_SHOWN, type ContactListImportError } from '@atrium/contracts';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { CampaignFiles } from '../shared/campaign-files.js';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { ContactListImportsRepository, type ContactListImportRow } from './contact-list-imports.repository.js';
import { ContactListItemsRepository, type NewContactListItem } from './contact-list-items.repository.js';
import { toImportProgress } from './contact-list-import.view.js';
import { toContactListItemView, toContactListView } from './contact-list.view.js';
import { ContactListsEvents } from './contact-lists.events.js';
import { ContactListsRepository } from './contact-lists.repository.js';
import { toListItem } from './contact-row-validation.js';
import { readContactSheet, SpreadsheetError, type SheetRow } from './spreadsheet-reader.js';
import { WhatsappNumberChecker } from './whatsapp-number-checker.js';

/** Rows stored per transaction (each chunk's items and the import's counters commit together). */
export const IMPORT_CHUNK_ROWS = 1_000;

export function importJobId(importId: string): string {
  return `contact-list-import-${importId}`;
}

/**
 * Runs an uploaded spreadsheet into its list as a job (JobName.ContactListImport), restart-safe:
 * the import row is the truth. Rows go in by chunks, each in one transaction with the row's
 * counters and `nextLine`, so a run that dies redoes at most the chunk it was in and the counts
 * stay exact; duplicates (the list's unique number) are skipped and counted; bad rows are counted
 * with their line and reason. Then the new numbers are checked on WhatsApp in batches
 * (WhatsappNumberChecker), and the file is removed. Progress goes live on `company-{id}-ContactList`
 * after every chunk and batch. At start-up, unfinished imports get their job back.
 */
@Injectable()
export class ContactListImporter implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(ContactListImportsRepository) private readonly imports: ContactListImportsRepository,
    @Inject(ContactListItemsRepository) private readonly items: ContactListItemsRepository,
    @Inject(ContactListsRepository) private readonly lists: ContactListsRepository,
    @Inject(ContactListsEvents) private readonly events: ContactListsEvents,
    @Inject(WhatsappNumberChecker) private readonly checker: WhatsappNumberChecker,
    @Inject(CampaignFiles) private readonly files: CampaignFiles,
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.jobs.on(JobName.ContactListImport, ({ companyId, uploadId }) => this.run(companyId, uploadId));
  }

  async onApplicationBootstrap(): Promise<void> {
    const unfinished = await this.database.asSystem((tx) => this.imports.unfinished(tx));
    for (const row of unfinished) await this.queue(row);
    if (unfinished.length > 0) this.logger.info({ count: unfinished.length }, 'contact-list imports queued by the start-up sweep');
  }

  async queue(row: Pick<ContactListImportRow, 'id' | 'companyId' | 'contactListId'>): Promise<void> {
    await this.jobs.add(
      JobName.ContactListImport,
      { companyId: row.companyId, contactListId: row.contactListId, uploadId: row.id },
      { id: importJobId(row.id) },
    );
  }

  async run(companyId: number, importId: string): Promise<void> {
    let row = await this.database.withTenant(companyId, (tx) => this.imports.find(tx, companyId, importId));
    if (!row || row.state === 'done' || row.state === 'failed') return;
    if (row.state === 'queued' || row.state === 'running') {
      const sheet = await this.sheetOf(row);
      if (!sheet) return;
      row = await this.store(row, sheet);
      if (!row) return;
    }
    if (row.state === 'checking') row = await this.checkNumbers(row);
    if (row) await this.finish(row);
  }

  /** The file's rows, or null after marking the import failed (unreadable, gone). */
  private async sheetOf(row: ContactListImportRow): Promise<SheetRow[] | null> {
    const data = row.filePath ? await this.files.read(row.filePath) : null;
    if (!data) {
      await this.fail(row, 'o arquivo enviado não está mais disponível');
      return null;
    }
    try {
      return readContactSheet(data);
    } catch (error) {
      if (!(error instanceof SpreadsheetError)) throw error;
      await this.fail(row, error.message);
      return null;
    }
  }

  /** Stores the rows from the import's `nextLine` on, chunk by chunk; answers the row in state `checking` (undefined when it went away). */
  private async store(start: ContactListImportRow, sheet: SheetRow[]): Promise<ContactListImportRow | undefined> {
    const { companyId, id } = start;
    let row: ContactListImportRow | undefined = await this.database.withTenant(companyId, (tx) =>
      this.imports.update(tx, companyId, id, { state: 'running', total: sheet.length }),
    );
    this.progress(row);
    for (;;) {
      row = await this.database.withTenant(companyId, async (tx) => {
        const current = await this.imports.find(tx, companyId, id, { forUpdate: true });
        if (!current || current.state !== 'running') return undefined;
        const chunk = sheet.filter((r) => r.line >= current.nextLine).slice(0, IMPORT_CHUNK_ROWS);
        if (chunk.length === 0) return this.imports.update(tx, companyId, id, { state: 'checking' });
        const valid: NewContactListItem[] = [];
        const errors: ContactListImportError[] = [];
        for (const sheetRow of chunk) {
          const outcome = toListItem(sheetRow);
          if ('item' in outcome) valid.push(outcome.item);
          else errors.push({ line: sheetRow.line, reason: outcome.reason });
        }
        const added = (await this.items.insertMany(tx, companyId, current.contactListId, valid)).length;
        return this.imports.update(tx, companyId, id, {
          nextLine: chunk[chunk.length - 1]!.line + 1,
          read: current.read + chunk.length,
          added: current.added + added,
          duplicates: current.duplicates + valid.length - added,
          invalid: current.invalid + errors.length,
          errors: ContactListImportsRepository.withErrors(current.errors, errors, CONTACT_LIST_IMPORT_ERRORS_SHOWN),
        });
      });
      if (!row) return undefined;
      this.progress(row);
      if (row.state === 'checking') return row;
    }
  }

  /** Checks the list's unchecked numbers on WhatsApp, a batch per round trip; without a connected connection the check is skipped (noted in `failure`). */
  private async checkNumbers(start: ContactListImportRow): Promise<ContactListImportRow | undefined> {
    const { companyId, id, contactListId } = start;
    let row: ContactListImportRow | undefined = start;
    let whatsappId: number | null;
    try {
      whatsappId = await this.checker.connectionOf(companyId);
    } catch (error) {
      return this.skipCheck(start, `verificação no WhatsApp não feita: ${reasonOf(error)}`);
    }
    if (whatsappId === null) return this.skipCheck(start, 'verificação no WhatsApp não feita: nenhuma conexão conectada');
    for (;;) {
      const batch = await this.database.withTenant(companyId, (tx) =>
        this.imports.unchecked(tx, companyId, contactListId, WhatsappNumberChecker.BATCH),
      );
      if (batch.length === 0) return row;
      let valid: Map<string, boolean>;
      try {
        valid = await this.checker.check(
          companyId,
          whatsappId,
          batch.map((item) => item.number),
        );
      } catch (error) {
        return this.skipCheck(row ?? start, `verificação no WhatsApp interrompida: ${reasonOf(error)}`);
      }
      const results = batch.map((item) => ({ ...item, valid: valid.get(item.number) ?? false }));
      row = await this.database.withTenant(companyId, async (tx) => {
        const current = await this.imports.find(tx, companyId, id, { forUpdate: true });
        if (!current || current.state !== 'checking') return undefined;
        await this.imports.markChecked(tx, companyId, results);
        return this.imports.update(tx, companyId, id, {
          checked: current.checked + results.length,
          valid: current.valid + results.filter((r) => r.valid).length,
        });
      });
      if (!row) return undefined;
      this.progress(row);
    }
  }

  private async skipCheck(row: ContactListImportRow, note: string): Promise<ContactListImportRow | undefined> {
    this.logger.warn({ companyId: row.companyId, importId: row.id }, note);
    return this.database.withTenant(row.companyId, (tx) => this.imports.update(tx, row.companyId, row.id, { failure: note }));
  }

  private async finish(row: ContactListImportRow): Promise<void> {
    const { companyId, id, contactListId } = row;
    const done = await this.database.withTenant(companyId, (tx) =>
      this.imports.update(tx, companyId, id, { state: 'done', filePath: null }),
    );
    await this.files.remove(row.filePath);
    this.progress(done);
    await this.announceList(companyId, contactListId);
  }

  private async fail(row: ContactListImportRow, reason: string): Promise<void> {
    const failed = await this.database.withTenant(row.companyId, (tx) =>
      this.imports.update(tx, row.companyId, row.id, { state: 'failed', failure: reason, filePath: null }),
    );
    await this.files.remove(row.filePath);
    this.progress(failed);
    this.logger.warn({ companyId: row.companyId, importId: row.id, reason }, 'contact-list import failed');
  }

  /** The list's new count and a reload of its items page (with that page's first rows). */
  private async announceList(companyId: number, contactListId: number): Promise<void> {
    const found = await this.database.withTenant(companyId, async (tx) => {
      const list = await this.lists.find(tx, companyId, contactListId);
      return list
        ? { list, firstPage: await this.items.page(tx, companyId, contactListId, undefined, 1, PAGE_SIZES.contactListItems) }
        : undefined;
    });
    if (!found) return;
    this.events.listSaved('update', toContactListView(found.list));
    this.events.itemsReloaded(companyId, contactListId, found.firstPage.rows.map(toContactListItemView));
  }

  private progress(row: ContactListImportRow | undefined): void {
    if (row) this.events.importProgress(row.companyId, toImportProgress(row));
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.code;
  return error instanceof Error ? error.message : String(error);
}
