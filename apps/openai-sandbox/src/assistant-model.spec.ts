import { behaviourOf, reply, transcribe, TRANSFER_MARKER } from './assistant-model.js';

describe('the sandbox model', () => {
  const tools = [{ type: 'function', function: { name: 'transferir_para_atendente' } }];

  it('echoes the last user message', () => {
    expect(
      reply(
        [
          { role: 'system', content: 'x' },
          { role: 'user', content: 'oi' },
          { role: 'assistant', content: 'Eco: oi' },
          { role: 'user', content: 'preço?' },
        ],
        tools,
      ),
    ).toEqual({ kind: 'text', content: 'Eco: preço?' });
  });

  it('asks for a person through the tool when offered, through the marker when not', () => {
    expect(reply([{ role: 'user', content: 'quero um atendente' }], tools)).toEqual({
      kind: 'tool',
      name: 'transferir_para_atendente',
      content: null,
    });
    expect(reply([{ role: 'user', content: 'quero um humano' }], undefined)).toEqual({ kind: 'text', content: TRANSFER_MARKER });
    expect(reply([{ role: 'user', content: 'ok [marcador]' }], tools)).toEqual({
      kind: 'text',
      content: expect.stringContaining(TRANSFER_MARKER),
    });
  });

  it('reads the failure a key asks for, and what a test voice note says', () => {
    expect(behaviourOf('sk-test-fail500')).toBe('fail500');
    expect(behaviourOf('sk-test')).toBe('ok');
    expect(transcribe(Buffer.from('FALA: qual o horário?'))).toBe('qual o horário?');
  });
});
