import { Injectable } from '@nestjs/common';
import type { BotRef, TicketMessageHandedToBot } from '@atrium/contracts';
import type { BotEngine, BotKind, BotSource, LoadedBot } from './bot-engine.js';

/**
 * Where the runtime finds, for a hand-off's BotRef, the stored bot (a source per ref kind: prompts,
 * integrations) and the engine of its kind. Each context registers its own in `onModuleInit`.
 */
@Injectable()
export class BotRegistry {
  private readonly sources = new Map<BotRef['kind'], BotSource>();
  private readonly engines = new Map<BotKind, BotEngine>();
  private flowTurns?: (companyId: number, event: TicketMessageHandedToBot) => Promise<void>;

  /** The flow runtime (flows/flow-runner.ts) takes the turns of tickets a flow drives. */
  registerFlowTurns(run: (companyId: number, event: TicketMessageHandedToBot) => Promise<void>): void {
    this.flowTurns = run;
  }

  /** Who runs a flow's turn (undefined while the flows context is not loaded). */
  flowTurnsRunner(): ((companyId: number, event: TicketMessageHandedToBot) => Promise<void>) | undefined {
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
