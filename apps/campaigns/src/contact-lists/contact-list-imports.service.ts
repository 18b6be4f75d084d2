import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor, type ContactListImportProgress, type ContactListUploadDto } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { CampaignFiles } from '../shared/campaign-files.js';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { ContactListImporter } from './contact-list-importer.js';
import { ContactListImportsRepository } from './contact-list-imports.repository.js';
import { toImportProgress } from './contact-list-import.view.js';
import { ContactListsEvents } from './contact-lists.events.js';
import { ContactListsRepository } from './contact-lists.repository.js';

/** `POST /contact-lists/{id}/upload`: takes over the staged file, records the import and queues its job. */
@Injectable()
export class ContactListImportsService {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(ContactListsRepository) private readonly lists: ContactListsRepository,
    @Inject(ContactListImportsRepository) private readonly imports: ContactListImportsRepository,
    @Inject(ContactListImporter) private readonly importer: ContactListImporter,
    @Inject(ContactListsEvents) private readonly events: ContactListsEvents,
    @Inject(CampaignFiles) private readonly files: CampaignFiles,
  ) {}

  async start(actor: Actor, contactListId: number, dto: ContactListUploadDto): Promise<ContactListImportProgress> {
    await this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.lists.find(tx, actor.companyId, contactListId))) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_FOUND);
    });
    const filePath = await this.files.claim(actor.companyId, dto.upload, 'contact-list-imports', 'file');
    let row;
    try {
      row = await this.database.withTenant(actor.companyId, async (tx) => {
        if (!(await this.lists.lock(tx, actor.companyId, contactListId))) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_FOUND);
        return this.imports.insert(tx, { id: randomUUID(), companyId: actor.companyId, contactListId, fileName: dto.fileName, filePath });
      });
    } catch (error) {
      await this.files.remove(filePath);
      throw error;
    }
    const progress = toImportProgress(row);
    this.events.importProgress(actor.companyId, progress);
    // the row is the truth: a job lost here is re-added by the start-up sweep
    await this.importer.queue(row);
    return progress;
  }

  /** The list's latest import (the page shows it after a reload), or null. */
  latest(actor: Actor, contactListId: number): Promise<ContactListImportProgress | null> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.lists.find(tx, actor.companyId, contactListId))) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_FOUND);
      const row = await this.imports.latest(tx, actor.companyId, contactListId);
      return row ? toImportProgress(row) : null;
    });
  }
}
