import { createHash } from 'node:crypto';

/** What a derived message id is for: a campaign's message (by its key), a chatbot reply (by its outbox row and index). */
export type DerivedMessageKind = 'campaign' | 'bot';

/**
 * The WhatsApp message id of a message we may send more than once (a retry, a resend after a
 * crash): derived from what names it, so every try is the same message (OutboundCommandDto.newMessageId),
 * and stored before the send (messages.send_id) so every try finds the same row. 20 upper-case hex characters.
 */
export function derivedMessageId(kind: DerivedMessageKind, companyId: number, key: string): string {
  return createHash('sha256').update(`${kind}:${companyId}:${key}`).digest('hex').slice(0, 20).toUpperCase();
}
