import { Inject, Injectable } from '@nestjs/common';
import type { ContactListImportProgress, ContactListItemEventPayload, ContactListItemView, ContactListView } from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';

/**
 * `company-{id}-ContactList` and `company-{id}-ContactListItem` (also `-ContactListItem-{listId}`
 * for one list's page), spelled as spec 001 spells them; published after the commit.
 */
@Injectable()
export class ContactListsEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  listSaved(action: 'create' | 'update', record: ContactListView): void {
    this.bus.publish({ kind: 'ContactList', companyId: record.companyId, payload: { action, record } });
  }

  listDeleted(companyId: number, id: number): void {
    this.bus.publish({ kind: 'ContactList', companyId, payload: { action: 'delete', id } });
  }

  importProgress(companyId: number, progress: ContactListImportProgress): void {
    this.bus.publish({ kind: 'ContactList', companyId, payload: { action: 'import', contactListId: progress.contactListId, progress } });
  }

  itemSaved(action: 'create' | 'update', record: ContactListItemView): void {
    this.item(record.companyId, record.contactListId, { action, record });
  }

  itemDeleted(companyId: number, contactListId: number, id: number): void {
    this.item(companyId, contactListId, { action: 'delete', id, contactListId });
  }

  /** Many items changed at once (an import, a WhatsApp check): the page reloads; `records` is its first page. */
  itemsReloaded(companyId: number, contactListId: number, records: ContactListItemView[]): void {
    this.item(companyId, contactListId, { action: 'reload', contactListId, records });
  }

  private item(companyId: number, contactListId: number, payload: ContactListItemEventPayload): void {
    this.bus.publish({ kind: 'ContactListItem', companyId, payload });
    this.bus.publish({ kind: `ContactListItem-${contactListId}`, companyId, payload });
  }
}
