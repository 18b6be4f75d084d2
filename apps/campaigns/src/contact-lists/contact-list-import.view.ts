import type { ContactListImportProgress } from '@atrium/contracts';
import type { ContactListImportRow } from './contact-list-imports.repository.js';

export function toImportProgress(row: ContactListImportRow): ContactListImportProgress {
  return {
    importId: row.id,
    contactListId: row.contactListId,
    fileName: row.fileName,
    state: row.state,
    total: row.total,
    read: row.read,
    added: row.added,
    duplicates: row.duplicates,
    invalid: row.invalid,
    checked: row.checked,
    valid: row.valid,
    errors: row.errors,
    failure: row.failure,
  };
}
