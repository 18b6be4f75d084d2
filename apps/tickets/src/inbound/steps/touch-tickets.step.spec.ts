import type { MessageMediaType } from '@atrium/contracts';
import { touches } from './touch-tickets.step.js';

const row = (ticketId: number, body: string, fromMe = false) => ({
  ticketId,
  body,
  fromMe,
  mediaType: 'chat' as MessageMediaType,
  mediaName: null,
});

describe('the tickets touched by a batch', () => {
  it('gives each ticket its last message, who wrote it and how many the customer wrote', () => {
    expect(touches([row(1, 'oi'), row(2, 'bom dia'), row(1, 'tudo bem?'), row(2, 'Olá!', true)])).toEqual([
      { id: 1, lastMessage: 'tudo bem?', unread: 2, ours: false },
      { id: 2, lastMessage: 'Olá!', unread: 1, ours: true },
    ]);
  });

  it('names a file without caption by its file name, and a location as such', () => {
    const file = { ticketId: 3, body: ' ', fromMe: false, mediaType: 'document' as MessageMediaType, mediaName: 'boleto.pdf' };
    expect(touches([file])[0]!.lastMessage).toBe('boleto.pdf');
    expect(touches([{ ...file, mediaType: 'locationMessage' }])[0]!.lastMessage).toBe('Localização');
  });
});
