import type { MessageRow } from '../messages/messages.repository.js';

/** A message's id on its channel: unique per connection. */
export const channelId = (whatsappId: number | null, wid: string | null) => `${whatsappId ?? 0}:${wid ?? ''}`;

export function byChannelId(rows: MessageRow[]): Map<string, MessageRow> {
  return new Map(rows.map((row) => [channelId(row.whatsappId, row.wid), row]));
}
