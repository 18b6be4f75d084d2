import { ProviderError } from '../../runtime/bot-engine.js';
import { OutboundRefused, type OutboundUrlGuard } from '../outbound/outbound-url.guard.js';

/** A bubble of Typebot's chat API (`messages[]`). */
export interface TypebotBubble {
  type: string;
  content?: {
    type?: string;
    markdown?: string;
    richText?: RichTextNode[];
    plainText?: string;
    url?: string;
  };
}

interface RichTextNode {
  text?: string;
  type?: string;
  children?: RichTextNode[];
}

export interface TypebotInput {
  type: string;
  items?: Array<{ id: string; content?: string }>;
}

export interface TypebotChatReply {
  sessionId?: string;
  messages: TypebotBubble[];
  input?: TypebotInput;
}

/** The session is gone on Typebot's side (expired or finished): start a new one. */
export class TypebotSessionGone extends ProviderError {}

/**
 * Typebot's chat API (v1): `POST {url}/api/v1/typebots/{publicId}/startChat` with prefilled
 * variables, then `POST {url}/api/v1/sessions/{sessionId}/continueChat` with each message, through
 * the SSRF guard (the server's URL is the admin's).
 */
export class TypebotClient {
  constructor(private readonly guard: OutboundUrlGuard) {}

  startChat(baseUrl: string, publicId: string, prefilledVariables: Record<string, string>, signal: AbortSignal): Promise<TypebotChatReply> {
    return this.post(
      `${trim(baseUrl)}/api/v1/typebots/${encodeURIComponent(publicId)}/startChat`,
      { isStreamEnabled: false, textBubbleContentFormat: 'markdown', prefilledVariables },
      signal,
    );
  }

  continueChat(baseUrl: string, sessionId: string, text: string, signal: AbortSignal): Promise<TypebotChatReply> {
    return this.post(
      `${trim(baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
      { message: { type: 'text', text }, textBubbleContentFormat: 'markdown' },
      signal,
    );
  }

  private async post(url: string, body: object, signal: AbortSignal): Promise<TypebotChatReply> {
    let response: Response;
    try {
      response = await this.guard.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (error instanceof OutboundRefused) throw new ProviderError('typebot', 'refused', error.message);
      throw new ProviderError(
        'typebot',
        signal.aborted ? 'timeout' : 'network',
        signal.aborted ? 'Typebot did not answer in time' : `Typebot unreachable (${(error as Error).message})`,
      );
    }
    if (response.status === 404 && url.includes('/sessions/')) throw new TypebotSessionGone('typebot', 404, 'the Typebot session is gone');
    if (!response.ok) throw new ProviderError('typebot', response.status, `Typebot answered ${response.status}`);
    const reply = (await response.json().catch(() => null)) as TypebotChatReply | null;
    if (!reply || !Array.isArray(reply.messages)) throw new ProviderError('typebot', response.status, 'Typebot answered no messages');
    return reply;
  }
}

const trim = (url: string): string => url.replace(/\/+$/, '');

/** The text of a text bubble, whichever format Typebot answered it in. */
export function bubbleText(bubble: TypebotBubble): string {
  const content = bubble.content ?? {};
  if (typeof content.markdown === 'string') return content.markdown;
  if (typeof content.plainText === 'string') return content.plainText;
  return (content.richText ?? []).map(nodeText).join('\n');
}

const nodeText = (node: RichTextNode): string => (node.text ?? '') + (node.children ?? []).map(nodeText).join('');
