import type { TicketView } from '@atrium/contracts';
import dayjs from 'dayjs';
import { isLocationText } from '../messages/media';

/** Names are cut to 10 characters under 600 px (spec 000 section 2). */
export const NARROW_NAME_MAX = 10;

export function listName(name: string, narrow: boolean): string {
  return narrow && name.length > NARROW_NAME_MAX ? `${name.slice(0, NARROW_NAME_MAX)}...` : name;
}

/** HH:mm today, dd/MM/yyyy before (spec 000 section 2). */
export function listTime(updatedAt: string, now: dayjs.Dayjs = dayjs()): string {
  const at = dayjs(updatedAt);
  if (!at.isValid()) return '';
  return at.isSame(now, 'day') ? at.format('HH:mm') : at.format('DD/MM/YYYY');
}

/** The last message as the list shows it: a location image reads 'Localização'. */
export function lastMessageText(ticket: Pick<TicketView, 'lastMessage'>, locationLabel: string): string {
  const text = ticket.lastMessage ?? '';
  if (isLocationText(text)) return locationLabel;
  // WhatsApp's marks (*bold*, _italic_, ~strike~) read as plain text in a one-line preview
  return text.replace(/([*_~])(\S(?:[^\n]*?\S)?)\1/g, '$2');
}
