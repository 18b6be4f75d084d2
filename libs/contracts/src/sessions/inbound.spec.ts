import { inboundEventId, inboundStreamName, inboundSubject, type InboundEvent } from './inbound.js';
import type { ChannelMessage } from './messages.js';

describe('inbound stream contract', () => {
  const base = { companyId: 7, whatsappId: 3, receivedAt: 1 };

  it('names subjects per company and connection, and the stream per subject prefix', () => {
    expect(inboundSubject(7, 3)).toBe('inbound.7.3');
    expect(inboundStreamName()).toBe('INBOUND');
    expect(inboundStreamName('t1a2b.')).toBe('t1a2b_INBOUND');
  });

  it('gives a redelivered message the same id and different happenings different ids', () => {
    const message = { id: 'ABC', timestamp: 1 } as ChannelMessage;
    const first: InboundEvent = { ...base, type: 'message', message };
    const again: InboundEvent = { ...base, receivedAt: 99, type: 'message', message };
    expect(inboundEventId(first)).toBe(inboundEventId(again));
    const read: InboundEvent = { ...base, type: 'ack', messageId: 'ABC', chatId: '1', ack: 3 };
    const received: InboundEvent = { ...base, type: 'ack', messageId: 'ABC', chatId: '1', ack: 2 };
    expect(new Set([inboundEventId(first), inboundEventId(read), inboundEventId(received)]).size).toBe(3);
  });
});
