import { parseInboundEvent } from './inbound-event.js';

const message = {
  type: 'message',
  companyId: 7,
  whatsappId: 3,
  receivedAt: 1,
  message: {
    id: 'ABC',
    chat: { id: '5511999999999', isGroup: false, name: null },
    from: { number: '5511999999999', lid: null, name: 'Ana' },
    body: 'oi',
  },
};

describe('parseInboundEvent', () => {
  it('reads an event whose subject names its company and connection', () => {
    expect(parseInboundEvent('t1.inbound.7.3', JSON.stringify(message))).toMatchObject({ type: 'message', companyId: 7 });
    expect(
      parseInboundEvent('inbound.7.3', JSON.stringify({ type: 'ack', companyId: 7, whatsappId: 3, messageId: 'A', chatId: '1', ack: 2 })),
    ).not.toBeNull();
  });

  it('refuses malformed JSON, unknown types and missing fields', () => {
    expect(parseInboundEvent('inbound.7.3', '{')).toBeNull();
    expect(parseInboundEvent('inbound.7.3', JSON.stringify({ ...message, type: 'typing' }))).toBeNull();
    expect(parseInboundEvent('inbound.7.3', JSON.stringify({ ...message, message: { ...message.message, id: '' } }))).toBeNull();
    expect(parseInboundEvent('inbound.7.3', JSON.stringify({ type: 'revoke', companyId: 7, whatsappId: 3 }))).toBeNull();
    expect(parseInboundEvent('inbound.7.3', JSON.stringify({ ...message, message: { ...message.message, from: null } }))).toBeNull();
  });

  it('refuses an event that names another company or connection than its subject', () => {
    expect(parseInboundEvent('inbound.8.3', JSON.stringify(message))).toBeNull();
    expect(parseInboundEvent('inbound.7.4', JSON.stringify(message))).toBeNull();
  });
});
