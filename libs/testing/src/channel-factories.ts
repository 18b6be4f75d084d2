import { randomBytes } from 'node:crypto';
import type { ChannelMessage } from '@atrium/contracts';

/** A customer's text as a channel driver normalises it (libs/contracts sessions/messages.ts); a fresh channel id per call. */
export function aChannelMessage(number: string, body: string, overrides: Partial<ChannelMessage> = {}): ChannelMessage {
  return {
    id: `WA${randomBytes(8).toString('hex').toUpperCase()}`,
    chat: { id: number, isGroup: false, name: null },
    from: { number, lid: null, name: `Customer ${number.slice(-4)}` },
    fromMe: false,
    mediaType: 'chat',
    body,
    media: null,
    quotedId: null,
    location: null,
    vcards: [],
    callLog: null,
    timestamp: Date.now(),
    ...overrides,
  };
}
