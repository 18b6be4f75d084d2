import { Injectable } from '@nestjs/common';
import type { BotRef, TicketMessageHandedToBot } from '@atrium/contracts';
import type { FlowTimerKind } from '../db/schema.js';
import type { BotEngine, BotKind, BotSource, LoadedBot } from './bot-engine.js';

/** A flow timer that fired, as its turn holds it. */
export interface FlowTimerTurn {
  ticketId: number;
  /** The walk's step that set the timer: a run that moved on since makes the turn a no-op. */
  step: number;
  timer: FlowTimerKind;
}

/**
 * The flow runtime's two kinds of turns: a customer message, and a timer that fired. `turnId` is
 * the leased `bot_turns` row: the runtime marks it done in the transaction that stores the walk,
 * and walks nothing for a turn already done (a turn run again after its walk was stored).
 */
export interface FlowTurns {
  message(companyId: number, event: TicketMessageHandedToBot, turnId: number): Promise<void>;
  timer(companyId: number, timer: FlowTimerTurn, turnId: number): Promise<void>;
}

/**
 * Where the runtime finds, for a hand-off's BotRef, the stored bot (a source per ref kind: prompts,
 * integrations) and the engine of its kind. Each context registers its own in `onModuleInit`.
 */
@Injectable()
export class BotRegistry {
  private readonly sources = new Map<BotRef['kind'], BotSource>();
  private readonly engines = new Map<BotKind, BotEngine>();
  private flowTurns?: FlowTurns;

  /** The flow runtime (flows/flow-runner.ts) takes the turns of tickets a flow drives. */
  registerFlowTurns(runner: FlowTurns): void {
    this.flowTurns = runner;
  }

  /** Who runs a flow's turns (undefined while the flows context is not loaded). */
  flowTurnsRunner(): FlowTurns | undefined {
    return this.flowTurns;
  }

  registerSource(kind: BotRef['kind'], source: BotSource): void {
    this.sources.set(kind, source);
  }

  registerEngine(engine: BotEngine): void {
    for (const kind of engine.kinds) this.engines.set(kind, engine);
  }

  /** The bot of this ref with its engine; null when either is unknown (deleted bot, kind without engine). */
  async load(companyId: number, bot: BotRef): Promise<{ loaded: LoadedBot; engine: BotEngine } | null> {
    const source = this.sources.get(bot.kind);
    if (bot.kind === 'flow') return null; // flows run in flows/flow-runner.ts, not as an engine
    const loaded = source ? await source(companyId, bot.kind === 'prompt' ? bot.promptId : bot.integrationId) : null;
    const engine = loaded ? this.engines.get(loaded.kind) : undefined;
    return loaded && engine ? { loaded, engine } : null;
  }
}
