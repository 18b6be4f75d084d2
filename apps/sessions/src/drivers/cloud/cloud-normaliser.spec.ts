import type { DriverMedia, WebhookMessagesValue } from '@atrium/channel';
import { MessageAck } from '@atrium/contracts';
import { normaliseMessagesValue, type MediaFetcher } from './cloud-normaliser.js';

const CUSTOMER = '5511987001234';

/** A fetcher that records what it was asked and answers a placeholder (the driver's downloads it later). */
function recordingFetcher(): { fetch: MediaFetcher; asked: Array<{ id: string; mimetype: string; name: string }> } {
  const asked: Array<{ id: string; mimetype: string; name: string }> = [];
  return {
    asked,
    fetch: (media, mimetype, name) => {
      asked.push({ id: media.id, mimetype, name });
      return { path: `media/${media.id}`, mimetype, filename: name, size: 1 } as unknown as DriverMedia;
    },
  };
}

function value(partial: Partial<WebhookMessagesValue>): WebhookMessagesValue {
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550000000', phone_number_id: '1055' },
    ...partial,
  } as WebhookMessagesValue;
}

const message = (id: string, extra: Record<string, unknown>) => ({ from: CUSTOMER, id, timestamp: '1765000000', ...extra });

/** The webhook normaliser of the Cloud API driver (issue 26): Meta's `messages` value as channel events, without a server. */
describe('normaliseMessagesValue', () => {
  it("takes every message with the customer's profile name and Meta's time, and every status after them", () => {
    const { fetch } = recordingFetcher();
    const events = normaliseMessagesValue(
      value({
        contacts: [{ profile: { name: 'Joana Araújo' }, wa_id: CUSTOMER }],
        messages: [
          message('wamid.1', { type: 'text', text: { body: 'Olá, café? 🎉' } }),
          message('wamid.2', { type: 'text', text: { body: 'segundo' }, context: { id: 'wamid.ours' } }),
        ],
        statuses: [{ id: 'wamid.sent-by-us', status: 'read', timestamp: '1765000001', recipient_id: CUSTOMER }],
      } as Partial<WebhookMessagesValue>),
      fetch,
    );
    expect(events).toEqual([
      {
        type: 'message',
        message: expect.objectContaining({
          id: 'wamid.1',
          body: 'Olá, café? 🎉',
          fromMe: false,
          chat: { id: CUSTOMER, isGroup: false, name: null },
          from: { number: CUSTOMER, lid: null, name: 'Joana Araújo' },
          timestamp: 1_765_000_000_000,
          quotedId: null,
        }),
      },
      { type: 'message', message: expect.objectContaining({ id: 'wamid.2', body: 'segundo', quotedId: 'wamid.ours' }) },
      { type: 'ack', messageId: 'wamid.sent-by-us', chatId: CUSTOMER, ack: MessageAck.READ },
    ]);
  });

  it("turns a tap on a menu's button or list row into the option's key, and a template's quick reply into its text", () => {
    const events = normaliseMessagesValue(
      value({
        messages: [
          message('wamid.b', { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: '2', title: 'Suporte' } } }),
          message('wamid.l', {
            type: 'interactive',
            interactive: { type: 'list_reply', list_reply: { id: '#', title: 'Voltar ao início' } },
          }),
          message('wamid.q', { type: 'button', button: { text: 'Sim, confirmar', payload: 'yes' } }),
        ],
      } as Partial<WebhookMessagesValue>),
      recordingFetcher().fetch,
    );
    expect(events.map((event) => (event.type === 'message' ? event.message.body : null))).toEqual(['2', '#', 'Sim, confirmar']);
  });

  it("maps statuses to acks, a failure with Meta's code and title", () => {
    const events = normaliseMessagesValue(
      value({
        statuses: [
          { id: 'wamid.a', status: 'sent', timestamp: '1', recipient_id: CUSTOMER },
          { id: 'wamid.a', status: 'delivered', timestamp: '2', recipient_id: CUSTOMER },
          {
            id: 'wamid.b',
            status: 'failed',
            timestamp: '3',
            recipient_id: CUSTOMER,
            errors: [{ code: 131026, title: 'Message undeliverable' }],
          },
          { id: 'wamid.c', status: 'deleted', timestamp: '4', recipient_id: CUSTOMER },
        ],
      } as Partial<WebhookMessagesValue>),
      recordingFetcher().fetch,
    );
    expect(events).toEqual([
      { type: 'ack', messageId: 'wamid.a', chatId: CUSTOMER, ack: MessageAck.SENT },
      { type: 'ack', messageId: 'wamid.a', chatId: CUSTOMER, ack: MessageAck.RECEIVED },
      { type: 'ack', messageId: 'wamid.b', chatId: CUSTOMER, ack: MessageAck.FAILED, error: '131026: Message undeliverable' },
    ]);
  });

  it('hands media to the fetcher with a name and type when Meta gives none; a caption or a document name is the body', () => {
    const { fetch, asked } = recordingFetcher();
    const events = normaliseMessagesValue(
      value({
        messages: [
          message('wamid.img', { type: 'image', image: { id: 'm1', mime_type: 'image/png', caption: 'foto do pedido' } }),
          message('wamid.doc', { type: 'document', document: { id: 'm2', mime_type: 'application/pdf', filename: 'boleto.pdf' } }),
          message('wamid.stk', { type: 'sticker', sticker: { id: 'm3' } }),
        ],
      } as Partial<WebhookMessagesValue>),
      fetch,
    );
    expect(asked).toEqual([
      { id: 'm1', mimetype: 'image/png', name: 'image-m1.png' },
      { id: 'm2', mimetype: 'application/pdf', name: 'boleto.pdf' },
      { id: 'm3', mimetype: 'image/webp', name: 'sticker-m3.webp' },
    ]);
    expect(events.map((event) => (event.type === 'message' ? [event.message.mediaType, event.message.body] : null))).toEqual([
      ['image', 'foto do pedido'],
      ['application', 'boleto.pdf'],
      ['image', ''],
    ]);
  });

  it('shows an unsupported message as such with its error, and drops a removed reaction', () => {
    const events = normaliseMessagesValue(
      value({
        messages: [
          message('wamid.u', { type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown' }] }),
          message('wamid.r', { type: 'reaction', reaction: { message_id: 'wamid.x', emoji: '' } }),
          message('wamid.r2', { type: 'reaction', reaction: { message_id: 'wamid.x', emoji: '❤️' } }),
        ],
      } as Partial<WebhookMessagesValue>),
      recordingFetcher().fetch,
    );
    expect(
      events.map((event) => (event.type === 'message' ? [event.message.id, event.message.body, event.message.quotedId] : null)),
    ).toEqual([
      ['wamid.u', '[unsupported message: 131051: Message type unknown]', null],
      ['wamid.r2', '❤️', 'wamid.x'],
    ]);
  });
});
