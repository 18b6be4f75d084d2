import type { MessageView } from '@atrium/contracts';
import dayjs from 'dayjs';

/** What the conversation draws, in order: day separators, ticket markers, calls and messages. */
export type ConversationRow =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'closed'; key: string; at: string }
  | { kind: 'opened'; key: string; at: string }
  | { kind: 'call'; key: string; message: MessageView }
  | { kind: 'message'; key: string; message: MessageView };

/**
 * Day separators (dd/MM/yyyy) where the day changes, and 'Conversa encerrada' / 'Conversa
 * iniciada' with their date-time where consecutive messages belong to different tickets
 * (spec 000 section 2).
 */
export function conversationRows(messages: MessageView[]): ConversationRow[] {
  const rows: ConversationRow[] = [];
  let previous: MessageView | null = null;
  for (const message of messages) {
    const day = dayjs(message.createdAt).format('DD/MM/YYYY');
    if (!previous || dayjs(previous.createdAt).format('DD/MM/YYYY') !== day) rows.push({ kind: 'day', key: `day-${message.id}`, date: day });
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({ kind: 'closed', key: `closed-${message.id}`, at: previous.createdAt });
      rows.push({ kind: 'opened', key: `opened-${message.id}`, at: message.createdAt });
    }
    rows.push({ kind: message.mediaType === 'call_log' ? 'call' : 'message', key: `message-${message.id}`, message });
    previous = message;
  }
  return rows;
}
