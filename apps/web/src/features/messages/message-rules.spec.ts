import type { TicketNoteView } from '@atrium/contracts';
import { aMessage } from '../../../test/tickets-fixtures';
import { encodeMp3, isKeptRecording, MIN_AUDIO_BYTES } from './audio-recording';
import { conversationRows } from './conversation-rows';
import { isLocationText, parseLocation, parseVcard } from './media';
import { quickReplyLabel, quickReplySuggestions } from './quick-replies';
import { aQuickMessage } from '../../../test/tickets-fixtures';

function tone(seconds: number, rate = 44_100): Float32Array {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.sin((2 * Math.PI * 440 * i) / rate) * 0.5;
  return samples;
}

describe('message rules', () => {
  it('encodes recordings as mp3 and keeps only those of at least 10000 bytes', () => {
    const short = encodeMp3(tone(0.3), 44_100);
    const long = encodeMp3(tone(2), 44_100);
    expect(short.type).toBe('audio/mpeg');
    expect(short.size).toBeLessThan(MIN_AUDIO_BYTES);
    expect(isKeptRecording(short)).toBe(false);
    // 128 kbps: two seconds are about 32 kB
    expect(long.size).toBeGreaterThan(28_000);
    expect(isKeptRecording(long)).toBe(true);
    expect(isKeptRecording(new Blob([new Uint8Array(MIN_AUDIO_BYTES)]))).toBe(true);
    expect(isKeptRecording(new Blob([new Uint8Array(MIN_AUDIO_BYTES - 1)]))).toBe(false);
  });

  it('puts a day separator where the day changes and markers where the ticket changes', () => {
    const rows = conversationRows([
      aMessage({ id: 1, ticketId: 1, createdAt: '2025-06-09T12:00:00' }),
      aMessage({ id: 2, ticketId: 1, createdAt: '2025-06-09T13:00:00' }),
      aMessage({ id: 3, ticketId: 2, createdAt: '2025-06-09T14:00:00' }),
      aMessage({ id: 4, ticketId: 2, createdAt: '2025-06-10T09:00:00', mediaType: 'call_log' }),
    ]);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'message', 'closed', 'opened', 'message', 'day', 'call']);
    expect(rows[3]).toEqual(expect.objectContaining({ at: '2025-06-09T13:00:00' }));
    expect(rows[4]).toEqual(expect.objectContaining({ at: '2025-06-09T14:00:00' }));
  });

  it("puts the ticket's private notes inline where they were written; older ones wait until older messages load", () => {
    const note = (id: number, createdAt: string): TicketNoteView => ({
      id,
      note: `nota ${id}`,
      ticketId: 1,
      contactId: 1,
      userId: 7,
      user: { id: 7, name: 'Maria' },
      createdAt,
      updatedAt: createdAt,
    });
    const messages = [
      aMessage({ id: 1, ticketId: 1, createdAt: '2025-06-09T12:00:00.000Z' }),
      aMessage({ id: 2, ticketId: 1, createdAt: '2025-06-10T13:00:00.000Z' }),
    ];
    const notes = [note(20, '2025-06-10T12:30:00.000Z'), note(10, '2025-06-09T12:30:00.000Z'), note(5, '2025-06-08T09:00:00.000Z')];
    const keys = (complete: boolean) => conversationRows(messages, notes, complete).map((row) => row.key);
    expect(keys(true)).toEqual(['day-note-5', 'note-5', 'day-1', 'message-1', 'note-10', 'day-note-20', 'note-20', 'message-2']);
    expect(keys(false)).toEqual(['day-1', 'message-1', 'note-10', 'day-note-20', 'note-20', 'message-2']);
  });

  it('suggests quick replies only after a slash and one more character', () => {
    const quick = [
      aQuickMessage({ id: 1, shortcode: 'Ola' }),
      aQuickMessage({ id: 2, shortcode: 'preco' }),
      aQuickMessage({ id: 3, shortcode: 'olaria', status: false }),
    ];
    expect(quickReplySuggestions('/', quick)).toEqual([]);
    expect(quickReplySuggestions('ola', quick)).toEqual([]);
    expect(quickReplySuggestions('/ol', quick).map((item) => item.id)).toEqual([1]);
    expect(quickReplyLabel({ shortcode: 'x', message: 'a'.repeat(60) })).toBe(`x - ${'a'.repeat(31)}...`);
    expect(quickReplyLabel({ shortcode: 'x', message: 'curta' })).toBe('x - curta');
  });

  it('reads locations and vcards as the bodies carry them', () => {
    expect(parseLocation('data:image/png;base64,AA|https://maps.example/?q=1|Loja | Centro')).toEqual({
      image: 'data:image/png;base64,AA',
      link: 'https://maps.example/?q=1',
      description: 'Loja | Centro',
    });
    expect(isLocationText('data:image/png;base64,AA|https://maps|')).toBe(true);
    expect(isLocationText('|https://maps.example/?q=1|Av. Paulista')).toBe(true);
    expect(isLocationText('Bom dia')).toBe(false);
    expect(isLocationText('Veja https://site.example|x')).toBe(false);
    expect(parseVcard('BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nitem1.TEL;waid=5511987654321:+55 11 98765-4321\nEND:VCARD')).toEqual({
      name: 'Ana Souza',
      numbers: ['+55 11 98765-4321'],
    });
  });
});
