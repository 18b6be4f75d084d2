/**
 * The sandbox's "model": deterministic answers a test can predict from what it sent.
 *
 * - A last user message asking for a person ("atendente", "humano") calls the transfer tool when
 *   tools were offered (`transferir_para_atendente` or the first offered), or answers the spec's
 *   marker text when not.
 * - A last user message containing `[marcador]` answers text ending in the marker, whatever the tools.
 * - Anything else is echoed: `Eco: <message>` (so concurrent conversations can be told apart).
 *
 * The API key decides failures, so a test picks a behaviour per prompt: a key containing `fail500`
 * answers 500, `fail429` 429, `timeout` never answers, `flaky` fails every other call with 500,
 * `slow` answers after SLOW_ANSWER_MS.
 */
export const TRANSFER_MARKER = 'Ação: Transferir para o setor de atendimento';

export interface ChatMessage {
  role: string;
  content?: string | null | Array<{ type: string; text?: string }>;
}

export interface ChatTool {
  type: string;
  function?: { name: string };
}

export type ModelReply = { kind: 'text'; content: string } | { kind: 'tool'; name: string; content: string | null };

const textOf = (message: ChatMessage | undefined): string =>
  typeof message?.content === 'string'
    ? message.content
    : Array.isArray(message?.content)
      ? message.content.map((part) => part.text ?? '').join('')
      : '';

export function reply(messages: ChatMessage[], tools: ChatTool[] | undefined): ModelReply {
  const last = textOf([...messages].reverse().find((message) => message.role === 'user'));
  if (last.includes('[marcador]')) return { kind: 'text', content: `Certo, vou te encaminhar. ${TRANSFER_MARKER}` };
  if (/atendente|humano/i.test(last)) {
    const tool =
      tools?.find((candidate) => candidate.type === 'function' && candidate.function?.name === 'transferir_para_atendente') ??
      tools?.find((candidate) => candidate.type === 'function');
    if (tool?.function) return { kind: 'tool', name: tool.function.name, content: null };
    return { kind: 'text', content: TRANSFER_MARKER };
  }
  return { kind: 'text', content: `Eco: ${last}` };
}

export type KeyBehaviour = 'ok' | 'fail500' | 'fail429' | 'timeout' | 'flaky' | 'slow';

export const SLOW_ANSWER_MS = 1500;

export function behaviourOf(apiKey: string): KeyBehaviour {
  for (const behaviour of ['fail500', 'fail429', 'timeout', 'flaky', 'slow'] as const) if (apiKey.includes(behaviour)) return behaviour;
  return 'ok';
}

/** A voice note "recorded" by a test: the text after this prefix is what Whisper hears. */
export const SPOKEN_PREFIX = 'FALA:';

export function transcribe(audio: Buffer): string {
  const asText = audio.toString('utf8');
  return asText.startsWith(SPOKEN_PREFIX) ? asText.slice(SPOKEN_PREFIX.length).trim() : `(áudio de ${audio.length} bytes)`;
}
