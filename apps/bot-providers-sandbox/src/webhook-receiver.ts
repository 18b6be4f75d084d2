import { createHmac, timingSafeEqual } from 'node:crypto';

/** One call a receiver got, as the tests read it back. */
export interface ReceivedCall {
  at: string;
  /** Whether `X-Atrium-Signature` matched the receiver's secret (see apps/ai/README.md "Webhook and n8n"). */
  verified: boolean;
  signature: string | null;
  body: unknown;
}

/** What the receiver answers to its next call: a status and a raw body (JSON text or ''), after `delayMs`. */
export interface ScriptedReply {
  status?: number;
  body?: unknown;
  delayMs?: number;
}

interface Receiver {
  secret: string | null;
  script: ScriptedReply[];
  calls: ReceivedCall[];
  /** Demo: answer `Você disse: …`, and a transfer when the customer asks for "atendente". */
  echo: boolean;
}

const CALLS_KEPT = 1000;

/**
 * n8n/webhook receivers by name (`POST /webhook/{name}`), the way an n8n Webhook node with a
 * signature check receives Atrium's calls: each call's HMAC is verified with the receiver's
 * secret (computed here independently of apps/ai), recorded, and answered from its script.
 */
export class WebhookReceivers {
  private readonly receivers = new Map<string, Receiver>();

  configure(name: string, options: { secret?: string | null; replies?: ScriptedReply[]; echo?: boolean }): void {
    const receiver = this.receiver(name);
    if (options.secret !== undefined) receiver.secret = options.secret;
    if (options.replies) receiver.script = [...options.replies];
    if (options.echo !== undefined) receiver.echo = options.echo;
  }

  calls(name: string): ReceivedCall[] {
    return this.receivers.get(name)?.calls ?? [];
  }

  async receive(name: string, rawBody: string, signature: string | undefined): Promise<{ status: number; body: string }> {
    const receiver = this.receiver(name);
    const body = safeParse(rawBody);
    receiver.calls.push({
      at: new Date().toISOString(),
      verified: receiver.secret !== null && verify(receiver.secret, rawBody, signature),
      signature: signature ?? null,
      body,
    });
    if (receiver.calls.length > CALLS_KEPT) receiver.calls.shift();
    const scripted = receiver.script.shift();
    if (scripted) {
      if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
      return {
        status: scripted.status ?? 200,
        body: scripted.body === undefined || scripted.body === '' ? '' : JSON.stringify(scripted.body),
      };
    }
    if (receiver.echo) return { status: 200, body: JSON.stringify(echoReply(body)) };
    return { status: 200, body: '' };
  }

  private receiver(name: string): Receiver {
    let receiver = this.receivers.get(name);
    if (!receiver) {
      receiver = { secret: null, script: [], calls: [], echo: name === 'echo' };
      this.receivers.set(name, receiver);
    }
    return receiver;
  }
}

function verify(secret: string, rawBody: string, header: string | undefined): boolean {
  const parts = new Map(
    (header ?? '').split(',').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const),
  );
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function echoReply(body: unknown): unknown {
  const text = String((body as { message?: { text?: string } } | null)?.message?.text ?? '');
  if (/atendente|humano|human/i.test(text)) return { replies: [{ type: 'text', body: 'Transferindo para um atendente.' }], stop: true };
  return { replies: [{ type: 'text', body: `Você disse: ${text}` }] };
}
