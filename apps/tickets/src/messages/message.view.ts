import { publicMediaUrl, type MessageAck, type MessageView, type QuotedMessageView } from '@atrium/contracts';
import type { MessageRecord, MessageRow } from './messages.repository.js';

function quotedView(row: MessageRow, contact: { id: number; name: string } | null): QuotedMessageView {
  return {
    id: row.id,
    body: row.isDeleted ? '' : row.body,
    fromMe: row.fromMe,
    mediaType: row.mediaType,
    mediaUrl: row.isDeleted ? null : publicMediaUrl(row.mediaPath),
    isDeleted: row.isDeleted,
    contact: row.fromMe ? null : contact,
  };
}

export function toMessageView(record: MessageRecord): MessageView {
  const { message } = record;
  return {
    id: message.id,
    wid: message.wid,
    companyId: message.companyId,
    ticketId: message.ticketId,
    contactId: message.contactId,
    contact: message.fromMe ? null : record.contact,
    body: message.body,
    fromMe: message.fromMe,
    mediaType: message.mediaType,
    mediaUrl: publicMediaUrl(message.mediaPath),
    mediaName: message.mediaName,
    quotedMsgId: message.quotedMsgId,
    quotedMsg: record.quoted ? quotedView(record.quoted, record.quotedContact) : null,
    ack: message.ack as MessageAck,
    // a failed message says why, when the network did
    ...(message.error ? { error: message.error } : {}),
    read: message.read,
    isDeleted: message.isDeleted,
    isEdited: message.isEdited,
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
  };
}
