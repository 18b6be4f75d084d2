import type { MessageView, TicketNoteView } from '@atrium/contracts';
import dayjs from 'dayjs';

/** What the conversation draws, in order: day separators, ticket markers, calls, messages and private notes. */
export type ConversationRow =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'closed'; key: string; at: string }
  | { kind: 'opened'; key: string; at: string }
  | { kind: 'call'; key: string; message: MessageView }
  | { kind: 'message'; key: string; message: MessageView }
  | { kind: 'note'; key: string; note: TicketNoteView };

type Entry = { at: string; message: MessageView; note?: undefined } | { at: string; note: TicketNoteView; message?: undefined };

/**
 * Messages and the ticket's private notes in time order. While older messages remain to load,
 * notes older than the oldest loaded message wait for them (they would otherwise sit above
 * messages they followed).
 */
function timeline(messages: MessageView[], notes: TicketNoteView[], complete: boolean): Entry[] {
  const since = complete ? undefined : messages[0]?.createdAt;
  const shown = notes.filter((note) => since === undefined || note.createdAt >= since);
  const entries: Entry[] = [
    ...messages.map((message) => ({ at: message.createdAt, message })),
    ...shown.map((note) => ({ at: note.createdAt, note })),
  ];
  // stable: a note written in the same millisecond as a message follows it
  return entries.sort((a, b) => dayjs(a.at).valueOf() - dayjs(b.at).valueOf());
}

/**
 * Day separators (dd/MM/yyyy) where the day changes, and 'Conversa encerrada' / 'Conversa
 * iniciada' with their date-time where consecutive messages belong to different tickets
 * (spec 000 section 2); the ticket's private notes inline where they were written.
 */
export function conversationRows(messages: MessageView[], notes: TicketNoteView[] = [], complete = true): ConversationRow[] {
  const rows: ConversationRow[] = [];
  let previousDay: string | null = null;
  let previous: MessageView | null = null;
  for (const entry of timeline(messages, notes, complete)) {
    const day = dayjs(entry.at).format('DD/MM/YYYY');
    if (day !== previousDay)
      rows.push({ kind: 'day', key: `day-${entry.message ? entry.message.id : `note-${entry.note.id}`}`, date: day });
    previousDay = day;
    if (entry.note) {
      rows.push({ kind: 'note', key: `note-${entry.note.id}`, note: entry.note });
      continue;
    }
    const message = entry.message;
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({ kind: 'closed', key: `closed-${message.id}`, at: previous.createdAt });
      rows.push({ kind: 'opened', key: `opened-${message.id}`, at: message.createdAt });
    }
    rows.push({ kind: message.mediaType === 'call_log' ? 'call' : 'message', key: `message-${message.id}`, message });
    previous = message;
  }
  return rows;
}
