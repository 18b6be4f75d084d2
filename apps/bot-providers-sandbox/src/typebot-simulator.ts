import { randomUUID } from 'node:crypto';

/** A sandbox flow: groups of bubbles, each ending in a choice, a text input, the next group, or the end. */
export interface SandboxFlow {
  start: string;
  groups: Record<string, SandboxGroup>;
}

export interface SandboxGroup {
  bubbles: Array<{ text: string } | { image: string }>;
  input?: { type: 'choice'; items: Array<{ content: string; next?: string }> } | { type: 'text'; variable: string; next?: string };
  next?: string;
}

interface Session {
  id: string;
  publicId: string;
  variables: Record<string, string>;
  /** The group whose input waits for the customer's answer. */
  waiting: string;
}

/** One call Typebot received, for the tests to read back. */
export interface TypebotCall {
  path: string;
  body: unknown;
}

const RETRY_MESSAGE = 'Invalid message. Please, try again.';

/** The demo bot `npm start` offers (publicId `atrium-demo`). */
export const DEMO_FLOW: SandboxFlow = {
  start: 'welcome',
  groups: {
    welcome: {
      bubbles: [{ text: 'Olá {{name}}! Sou o assistente virtual.' }, { text: 'Como posso ajudar?' }],
      input: {
        type: 'choice',
        items: [
          { content: 'Planos', next: 'plans' },
          { content: 'Suporte', next: 'support' },
          { content: 'Falar com um atendente', next: 'human' },
        ],
      },
    },
    plans: { bubbles: [{ text: 'Temos planos a partir de R$ 99 por mês.' }], next: 'welcome' },
    support: { bubbles: [{ text: 'Descreva o problema, por favor.' }], input: { type: 'text', variable: 'problem', next: 'thanks' } },
    thanks: { bubbles: [{ text: 'Obrigado! Registramos: {{problem}}' }] },
    human: { bubbles: [{ text: 'Vou chamar um atendente.' }, { text: '#{"stopBot":true}' }] },
  },
};

/**
 * Typebot's chat API (v1) over sandbox flows: `startChat` (prefilled variables, `{{var}}` in
 * bubbles), `continueChat` (`message: { type: 'text', text }` or a plain string), choice inputs
 * matched by their text as Typebot does (anything else gets Typebot's retry message and the same
 * input), and 404 for a session that ended or was dropped (`DELETE /_sandbox/typebot/sessions/{id}`).
 */
export class TypebotSimulator {
  private readonly flows = new Map<string, SandboxFlow>([['atrium-demo', DEMO_FLOW]]);
  private readonly sessions = new Map<string, Session>();
  readonly calls: TypebotCall[] = [];

  define(publicId: string, flow: SandboxFlow): void {
    this.flows.set(publicId, flow);
  }

  dropSession(sessionId: string): boolean {
    return this.sessions.delete(sessionId);
  }

  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  startChat(publicId: string, body: Record<string, unknown>): { status: number; body: unknown } {
    this.record(`/api/v1/typebots/${publicId}/startChat`, body);
    const flow = this.flows.get(publicId);
    if (!flow) return { status: 404, body: { message: 'Typebot not found', code: 'NOT_FOUND' } };
    const prefilled = (body.prefilledVariables ?? {}) as Record<string, unknown>;
    const session: Session = {
      id: randomUUID(),
      publicId,
      variables: Object.fromEntries(Object.entries(prefilled).map(([key, value]) => [key, String(value)])),
      waiting: '',
    };
    const reply = this.run(flow, session, flow.start, []);
    return {
      status: 200,
      body: { sessionId: session.id, typebot: { id: publicId, version: '6', theme: {}, settings: {} }, resultId: randomUUID(), ...reply },
    };
  }

  continueChat(sessionId: string, body: Record<string, unknown>): { status: number; body: unknown } {
    this.record(`/api/v1/sessions/${sessionId}/continueChat`, body);
    const session = this.sessions.get(sessionId);
    const flow = session && this.flows.get(session.publicId);
    if (!session || !flow) return { status: 404, body: { message: 'Session not found.', code: 'NOT_FOUND' } };
    const message = body.message;
    const text =
      typeof message === 'string'
        ? message
        : typeof (message as { text?: unknown } | undefined)?.text === 'string'
          ? (message as { text: string }).text
          : '';
    const group = flow.groups[session.waiting]!;
    const input = group.input!;
    if (input.type === 'choice') {
      const item = input.items.find((candidate) => candidate.content.toLowerCase() === text.trim().toLowerCase());
      if (!item) return { status: 200, body: { messages: [this.textBubble(RETRY_MESSAGE, session)], input: this.inputOf(group, session) } };
      return { status: 200, body: this.run(flow, session, item.next, []) };
    }
    session.variables[input.variable] = text;
    return { status: 200, body: this.run(flow, session, input.next, []) };
  }

  /** Runs groups from `groupId` until an input waits (session kept) or the flow ends (session dropped). */
  private run(
    flow: SandboxFlow,
    session: Session,
    groupId: string | undefined,
    messages: unknown[],
  ): { messages: unknown[]; input?: unknown } {
    let id = groupId;
    for (let hops = 0; id && hops < 50; hops++) {
      const group = flow.groups[id];
      if (!group) break;
      for (const bubble of group.bubbles)
        messages.push(
          'text' in bubble ? this.textBubble(bubble.text, session) : { id: randomUUID(), type: 'image', content: { url: bubble.image } },
        );
      if (group.input) {
        session.waiting = id;
        this.sessions.set(session.id, session);
        return { messages, input: this.inputOf(group, session) };
      }
      id = group.next;
    }
    this.sessions.delete(session.id);
    return { messages };
  }

  private textBubble(text: string, session: Session): unknown {
    const markdown = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => session.variables[name] ?? '');
    return { id: randomUUID(), type: 'text', content: { type: 'markdown', markdown } };
  }

  private inputOf(group: SandboxGroup, session: Session): unknown {
    const input = group.input!;
    if (input.type === 'choice')
      return {
        id: `${session.waiting}-input`,
        type: 'choice input',
        items: input.items.map((item, index) => ({
          id: `${session.waiting}-${index}`,
          content: item.content,
          outgoingEdgeId: item.next ?? null,
        })),
        options: { isMultipleChoice: false },
      };
    return { id: `${session.waiting}-input`, type: 'text input', options: { labels: { placeholder: 'Type your answer...' } } };
  }

  private record(path: string, body: unknown): void {
    this.calls.push({ path, body });
    if (this.calls.length > 1000) this.calls.shift();
  }
}
