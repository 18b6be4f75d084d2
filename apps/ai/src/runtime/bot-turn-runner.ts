import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  BotHandoffSubjects,
  ErrorCode,
  type BotAction,
  type BotActResult,
  type TicketMessageHandedToBot,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER, REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { ObjectStorage } from '@atrium/storage';
import type { Redis } from 'ioredis';
import type { AiConfig } from '../config.js';
import type { AiDatabase } from '../shared/ai-database.js';
import { ProviderError, type BotEngine, type LoadedBot } from './bot-engine.js';
import { BotRegistry, type FlowTimerTurn } from './bot-registry.js';
import { BotTurnsRepository, type BotTurnRow } from './bot-turns.repository.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { MEDIA_STORAGE } from './media-storage.js';
import { callProvider, type ProviderCallPolicy } from './provider-calls.js';

/**
 * Runs one bot turn (one customer message): the bot's answer, or the hand-off to a human with a
 * note for the admins when the provider fails (a timeout, retries and a circuit breaker per
 * provider call; the log names the provider's status, never a secret nor the provider's text),
 * sent to tickets, then the turn marked. BotTurnsConsumer decides which turn runs when.
 */
@Injectable()
export class BotTurnRunner {
  private readonly breaker: CircuitBreaker;
  private readonly policy: ProviderCallPolicy;

  constructor(
    @Inject(DATABASE) private readonly database: AiDatabase,
    @Inject(BotTurnsRepository) private readonly turns: BotTurnsRepository,
    @Inject(BotRegistry) private readonly registry: BotRegistry,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(REDIS) redis: Redis,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(SERVICE_CONFIG) config: AiConfig,
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
  }

  /**
   * One turn: a customer message (the bot's answer, or the hand-off to a human on a failure, sent
   * to tickets) or a flow's timer, then the turn marked.
   */
  async run(turn: BotTurnRow, signal?: AbortSignal): Promise<void> {
    const { companyId } = turn;
    const event = turn.event;
    const flows = this.registry.flowTurnsRunner();
    if (!event || event.bot.kind === 'flow') {
      if (!flows) throw new Error('a flow turn, and the flows context is not loaded');
      // a flow's walk sends and stores exactly once by its step (flows/flow-runner.ts); its timers are turns of the ticket too
      if (event) await flows.message(companyId, event, turn.id);
      else await flows.timer(companyId, timerOf(turn), turn.id);
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
    // the lease lapsed while the engine ran (a stalled process): the turn is another holder's now, who answers it once
    if (signal?.aborted) return;
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
}

function timerOf(turn: BotTurnRow): FlowTimerTurn {
  if (turn.timerStep === null || turn.timer === null) throw new Error(`bot turn ${turn.id} has neither a message nor a timer`);
  return { ticketId: turn.ticketId, step: turn.timerStep, timer: turn.timer };
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
