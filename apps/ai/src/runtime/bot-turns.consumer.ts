import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  AppError,
  BotHandoffSubjects,
  ErrorCode,
  type BotAction,
  type BotActResult,
  type IntegrationEvent,
  type TicketMessageHandedToBot,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { IntegrationEvents, RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER, REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { ObjectStorage } from '@atrium/storage';
import type { Redis } from 'ioredis';
import type { AiConfig } from '../config.js';
import type { AiDatabase } from '../shared/ai-database.js';
import { ProviderError, type BotEngine, type LoadedBot } from './bot-engine.js';
import { BotRegistry } from './bot-registry.js';
import { BotTurnsRepository, type BotTurnRow } from './bot-turns.repository.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { MEDIA_STORAGE } from './media-storage.js';
import { callProvider, type ProviderCallPolicy } from './provider-calls.js';
import { TicketLock } from './ticket-lock.js';

/** How often the sweeper looks for turns nobody is running (a replica died, tickets was down). */
const SWEEP_EVERY_MS = 5_000;
/** A pending turn untouched this long is taken up by the sweeper. */
const STALLED_AFTER_MS = 10_000;

/**
 * The ai runtime: consumes `ticketMessage.handedToBot` (stored as a turn before the event is
 * acknowledged) and `ticket.botReleased` (drops the ticket's pending turns), and answers each
 * ticket's turns one at a time in sequence order — in one replica at a time (a per-ticket Redis
 * lock), many tickets at once (BOT_CONCURRENCY). Each provider call has a timeout, retries and a
 * circuit breaker; when the provider fails the ticket goes to a human with a note for the admins
 * and a log line naming the provider's status (never a secret, never the provider's text).
 */
@Injectable()
export class BotTurnsConsumer implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly breaker: CircuitBreaker;
  private readonly lock: TicketLock;
  private readonly policy: ProviderCallPolicy;
  /** Tickets this replica is draining, and those kicked again meanwhile. */
  private readonly draining = new Set<string>();
  private readonly kickedAgain = new Set<string>();
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private sweeper?: NodeJS.Timeout;
  private stopping = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @Inject(DATABASE) private readonly database: AiDatabase,
    @Inject(BotTurnsRepository) private readonly turns: BotTurnsRepository,
    @Inject(BotRegistry) private readonly registry: BotRegistry,
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(REDIS) redis: Redis,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(SERVICE_CONFIG) private readonly config: AiConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.breaker = new CircuitBreaker(redis, {
      threshold: config.BOT_BREAKER_THRESHOLD,
      cooldownMs: config.BOT_BREAKER_COOLDOWN_MS,
      prefix: config.REDIS_PREFIX,
    });
    this.policy = {
      timeoutMs: config.BOT_PROVIDER_TIMEOUT_MS,
      retries: config.BOT_PROVIDER_RETRIES,
      backoffMs: config.BOT_RETRY_BACKOFF_MS,
    };
    // one turn may take every attempt of a transcription and of an answer, with their backoffs
    const turnMs =
      2 *
      (config.BOT_PROVIDER_RETRIES + 1) *
      (config.BOT_PROVIDER_TIMEOUT_MS + config.BOT_RETRY_BACKOFF_MS * 2 ** config.BOT_PROVIDER_RETRIES);
    this.lock = new TicketLock(redis, config.REDIS_PREFIX, turnMs + 30_000);
  }

  onModuleInit(): void {
    this.integration.on('ticketMessage.handedToBot', (event) => this.accept(event));
    this.integration.on('ticket.botReleased', (event) => this.release(event));
  }

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Stored first (idempotent), then run: the event is acknowledged once the turn is safe in PostgreSQL. */
  private async accept(event: IntegrationEvent<'ticketMessage.handedToBot'>): Promise<void> {
    const { companyId, payload } = event;
    await this.database.withTenant(companyId, (tx) => this.turns.insertIfAbsent(tx, companyId, payload));
    this.kick(companyId, payload.ticketId);
  }

  private async release(event: IntegrationEvent<'ticket.botReleased'>): Promise<void> {
    const { companyId, payload } = event;
    const dropped = await this.database.withTenant(companyId, (tx) => this.turns.dropPending(tx, companyId, payload.ticketId));
    if (dropped > 0)
      this.logger.info({ companyId, ticketId: payload.ticketId, dropped, reason: payload.reason }, 'bot released: pending turns dropped');
  }

  /** Runs the ticket's pending turns unless this replica already does (then it looks again when done). */
  private kick(companyId: number, ticketId: number): void {
    if (this.stopping) return;
    const key = `${companyId}:${ticketId}`;
    if (this.draining.has(key)) {
      this.kickedAgain.add(key);
      return;
    }
    this.draining.add(key);
    const work = this.limited(() => this.drain(companyId, ticketId))
      .catch((error: unknown) => this.logger.warn({ err: error, companyId, ticketId }, 'bot turns not run; the sweeper retries'))
      .finally(() => {
        this.draining.delete(key);
        this.inFlight.delete(work);
        if (this.kickedAgain.delete(key)) this.kick(companyId, ticketId);
      });
    this.inFlight.add(work);
  }

  /**
   * Holds the ticket's lock while its turns run, lowest sequence first. Another replica holding it
   * runs the turn just stored: it looks again after releasing the lock.
   */
  private async drain(companyId: number, ticketId: number): Promise<void> {
    for (;;) {
      const token = await this.lock.acquire(companyId, ticketId);
      if (token === null) return;
      try {
        for (;;) {
          if (this.stopping) return;
          const turn = await this.database.withTenant(companyId, (tx) => this.turns.nextPending(tx, companyId, ticketId));
          if (!turn) break;
          await this.lock.extend(companyId, ticketId, token);
          await this.run(turn);
        }
      } finally {
        await this.lock.release(companyId, ticketId, token);
      }
      const more = await this.database.withTenant(companyId, (tx) => this.turns.nextPending(tx, companyId, ticketId));
      if (!more) return;
    }
  }

  /** One customer message: the bot's answer (or the hand-off to a human on a failure) sent to tickets, then the turn marked. */
  private async run(turn: BotTurnRow): Promise<void> {
    const { companyId } = turn;
    const event = turn.event;
    const runFlow = event.bot.kind === 'flow' ? this.registry.flowTurnsRunner() : undefined;
    if (runFlow) {
      // a flow walks under this ticket's lock; it sends and stores exactly once by its step (flows/flow-runner.ts)
      await runFlow(companyId, event);
      await this.database.withTenant(companyId, (tx) => this.turns.mark(tx, companyId, turn.id, 'done'));
      return;
    }
    const found = await this.registry.load(companyId, event.bot);
    let actions: BotAction[];
    let failed = false;
    if (!found) {
      failed = true;
      actions = [
        { type: 'note', body: 'Assistente não encontrado (removido ou sem motor): o atendimento segue com a fila.' },
        { type: 'handToHuman' },
      ];
      this.logger.warn({ companyId, ticketId: event.ticketId, bot: event.bot }, 'bot not found; ticket handed to a human');
    } else {
      try {
        const text = await this.textOf(event, found.loaded, found.engine);
        actions = await callProvider(this.breaker, found.loaded, this.policy, (signal) =>
          found.engine.answer({ companyId, event, text }, found.loaded.config, signal),
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        failed = true;
        actions = [{ type: 'note', body: failureNote(error) }, { type: 'handToHuman' }];
        this.logger.warn(
          {
            companyId,
            ticketId: event.ticketId,
            sequence: event.sequence,
            provider: error.provider,
            status: error.status,
            circuitOpen: error.message === 'circuit open',
          },
          'bot provider failed; ticket handed to a human',
        );
      }
    }
    let result: BotActResult;
    try {
      result = await this.act(event, companyId, actions);
    } catch (error) {
      // tickets refused what the engine produced: retrying would refuse it again, so a human takes over
      if (!(error instanceof AppError) || error.code !== ErrorCode.ERR_VALIDATION) throw error;
      this.logger.error(
        { companyId, ticketId: event.ticketId, sequence: event.sequence, fields: error.fields },
        'tickets refused the bot actions; ticket handed to a human',
      );
      failed = true;
      result = await this.act(event, companyId, [
        { type: 'note', body: 'Assistente produziu uma resposta inválida: o atendimento segue pendente na fila para um atendente.' },
        { type: 'handToHuman' },
      ]);
    }
    await this.database.withTenant(companyId, async (tx) => {
      await this.turns.mark(tx, companyId, turn.id, failed ? 'failed' : result.applied ? 'done' : 'dropped');
      // the ticket is no longer the bot's: what it still holds would be refused too
      if (!result.applied || failed) await this.turns.dropPending(tx, companyId, event.ticketId);
    });
  }

  private act(event: TicketMessageHandedToBot, companyId: number, actions: BotAction[]): Promise<BotActResult> {
    return this.rpc.request(BotHandoffSubjects.act, {
      companyId,
      ticketId: event.ticketId,
      bot: event.bot,
      inReplyTo: event.sequence,
      actions,
    });
  }

  /** The body, or the transcription of a voice note by an engine that can. */
  private async textOf(event: TicketMessageHandedToBot, bot: LoadedBot, engine: BotEngine): Promise<string> {
    const { message } = event;
    if (message.mediaType !== 'audio' || !message.mediaKey || !engine.transcribe) return message.body;
    const stored = await this.storage.get(message.mediaKey);
    if (!stored) return message.body;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const audio = { data: Buffer.concat(chunks), mimetype: stored.contentType, fileName: message.mediaKey.split('/').pop() ?? 'audio.ogg' };
    return callProvider(this.breaker, bot, this.policy, (signal) => engine.transcribe!(audio, bot.config, signal));
  }

  private async sweep(): Promise<void> {
    if (this.stopping) return;
    try {
      const stalled = await this.database.asSystem((tx) => this.turns.stalledTickets(tx, new Date(Date.now() - STALLED_AFTER_MS), 200));
      for (const { companyId, ticketId } of stalled) this.kick(companyId, ticketId);
    } catch (error) {
      this.logger.warn({ err: error }, 'bot turns sweep failed');
    }
  }

  /** At most BOT_CONCURRENCY tickets run at once in this replica. */
  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.config.BOT_CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** What the company's admins read on the ticket: the provider and its status, never its text (which may echo a key). */
function failureNote(error: ProviderError): string {
  const status =
    error.message === 'circuit open'
      ? 'circuito aberto após falhas seguidas'
      : error.status === 'timeout'
        ? 'sem resposta (tempo esgotado)'
        : error.status === 'network'
          ? 'falha de rede'
          : error.status === 'refused'
            ? 'endereço recusado: rede privada ou local'
            : `HTTP ${error.status}`;
  return `Assistente indisponível (${error.provider}: ${status}). O atendimento segue pendente na fila para um atendente.`;
}
