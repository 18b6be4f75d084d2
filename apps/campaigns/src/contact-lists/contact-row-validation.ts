import { isEmail } from 'class-validator';
import type { NewContactListItem } from './contact-list-items.repository.js';
import type { SheetRow } from './spreadsheet-reader.js';

/** A sheet row as an item, or why it is left out (the rules of ContactListItemDto, spec 001 section 5). */
export function toListItem(row: SheetRow): { item: NewContactListItem } | { reason: string } {
  const number = row.number.replace(/\D/g, '');
  if (!row.number) return { reason: 'número ausente' };
  if (/[^\d\s()+.\-/]/.test(row.number) || number.length < 8 || number.length > 50) return { reason: 'número inválido (8 a 50 dígitos)' };
  if (row.name.length < 2) return { reason: 'nome ausente ou com menos de 2 caracteres' };
  if (row.name.length > 50) return { reason: 'nome com mais de 50 caracteres' };
  if (row.email && (row.email.length > 254 || !isEmail(row.email))) return { reason: 'e-mail inválido' };
  return { item: { name: row.name, number, email: row.email || null } };
}
