import type { ContactListItemView, ContactListView } from '@atrium/contracts';
import type { ContactListItemRow } from './contact-list-items.repository.js';
import type { ContactListWithCount } from './contact-lists.repository.js';

export function toContactListView(row: ContactListWithCount): ContactListView {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    contactsCount: row.contactsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toContactListItemView(row: ContactListItemRow): ContactListItemView {
  return {
    id: row.id,
    companyId: row.companyId,
    contactListId: row.contactListId,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
