import type { BotAction, TicketMessageHandedToBot } from '@atrium/contracts';

/**
 * One kind of bot (an OpenAI prompt, n8n, webhook, Typebot, Dialogflow). The runtime
 * (runtime/, issue 14) receives each handed-over customer message, runs the ticket's turns one
 * at a time, finds the engine for the bot's kind with its stored, decrypted configuration, and
 * sends the engine's actions to tickets through `tickets.bot.act`. Engines hold no per-process
 * state that a restart or a second replica would lose (a Typebot session id lives in the
 * database); they call their provider with the runtime's `signal` (timeout) and throw on a
 * provider failure: the runtime retries with backoff, counts the failure in the integration's
 * circuit breaker and, when it gives up, hands the ticket to a human with a note.
 */
export interface BotTurn {
  companyId: number;
  event: TicketMessageHandedToBot;
  /** The message's text: the body, or the transcription of a voice note. */
  text: string;
}

export type BotKind = 'prompt' | 'n8n' | 'webhook' | 'typebot' | 'dialogflow';

export interface BotEngine<TConfig = unknown> {
  readonly kinds: readonly BotKind[];
  answer(turn: BotTurn, config: TConfig, signal: AbortSignal): Promise<BotAction[]>;
  /**
   * The text of a customer's voice note (an engine that can: the OpenAI one, through Whisper). The
   * runtime calls it, with the same timeout, retries and circuit breaker, before `answer`; without it
   * a voice note's turn carries the message's body.
   */
  transcribe?(audio: { data: Buffer; mimetype: string; fileName: string }, config: TConfig, signal: AbortSignal): Promise<string>;
}

/**
 * A bot's stored configuration as the runtime runs it (secrets opened): which engine, the name of
 * its circuit breaker (one per prompt or integration), and what the engine reads.
 */
export interface LoadedBot {
  kind: BotKind;
  /** Shown in the admins' note and log line on a failure: 'openai', 'typebot', ... */
  provider: string;
  /** One circuit per prompt or integration of a company: e.g. `prompt:12`. */
  breakerKey: string;
  config: unknown;
}

/** Loads the bots of one BotRef kind (prompts; integrations): null when the company has no such bot. */
export type BotSource = (companyId: number, id: number) => Promise<LoadedBot | null>;

/** Thrown by an engine when the provider failed (status kept for the admins' note; never the secret). `refused`: the SSRF guard would not send there. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number | 'timeout' | 'network' | 'refused',
    message: string,
  ) {
    super(message);
  }
}
