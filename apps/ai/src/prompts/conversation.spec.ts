import { conversation, systemPrompt, TRANSFER_MARKER, TRANSFER_TOOL } from './openai-engine.js';

const at = '2026-11-24T10:00:00.000Z';
const history = [
  { id: 1, fromMe: false, body: 'Oi', createdAt: at },
  { id: 2, fromMe: true, body: 'Olá! Como ajudo?', createdAt: at },
  { id: 3, fromMe: false, body: 'Preço do pão?', createdAt: at },
  { id: 5, fromMe: true, body: 'R$ 1,00', createdAt: at },
  { id: 6, fromMe: false, body: 'E o bolo?', createdAt: at },
  { id: 7, fromMe: false, body: 'mensagem seguinte, ainda não respondida', createdAt: at },
];

describe('what the OpenAI engine sends', () => {
  it("puts the company's prompt, the customer's name and how to hand over in the system message", () => {
    const text = systemPrompt('  Você é a assistente da padaria.  ', 'Maria');
    expect(text.startsWith('Você é a assistente da padaria.')).toBe(true);
    expect(text).toContain('O nome do cliente é Maria.');
    expect(text).toContain(TRANSFER_TOOL);
    expect(text).toContain(TRANSFER_MARKER);
  });

  it('gives the last maxMessages texts as user/assistant turns in order, ending with the message answered, without later customer messages', () => {
    expect(conversation(history, { messageId: 6, text: 'E o bolo?' }, 10)).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá! Como ajudo?' },
      { role: 'user', content: 'Preço do pão?' },
      { role: 'assistant', content: 'R$ 1,00' },
      { role: 'user', content: 'E o bolo?' },
    ]);
    expect(conversation(history, { messageId: 6, text: 'E o bolo?' }, 3)).toEqual([
      { role: 'user', content: 'Preço do pão?' },
      { role: 'assistant', content: 'R$ 1,00' },
      { role: 'user', content: 'E o bolo?' },
    ]);
  });

  it('a voice note (not among the texts) is answered with its transcription, after our answers stored meanwhile', () => {
    expect(conversation(history.slice(0, 4), { messageId: 4, text: 'transcrito' }, 3)).toEqual([
      { role: 'user', content: 'Preço do pão?' },
      { role: 'assistant', content: 'R$ 1,00' },
      { role: 'user', content: 'transcrito' },
    ]);
  });
});
