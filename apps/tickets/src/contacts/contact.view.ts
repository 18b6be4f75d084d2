import type { ContactView } from '@atrium/contracts';
import type { ContactRow } from './contacts.repository.js';

export function toContactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    number: row.number,
    lid: row.lid,
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    extraInfo: row.extraInfo,
    whatsappId: row.whatsappId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
