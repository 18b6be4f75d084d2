import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { BotAction } from '@atrium/contracts';
import type { AiConfig } from '../config.js';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { ObjectStorage } from '@atrium/storage';
import { MEDIA_STORAGE } from '../runtime/media-storage.js';
import { ProviderError, type BotEngine, type BotTurn, type LoadedBot } from '../runtime/bot-engine.js';
import { BotRegistry } from '../runtime/bot-registry.js';
import { DialogflowClient } from './dialogflow/dialogflow-client.js';
import { DialogflowEngine } from './dialogflow/dialogflow.engine.js';
import { OutboundUrlGuard } from './outbound/outbound-url.guard.js';
import { withStoredMedia } from './outbound/remote-media.js';
import { QueueIntegrationsService, type QueueIntegrationConfig } from './queue-integrations.service.js';
import { TypebotClient } from './typebot/typebot-client.js';
import { TypebotEngine } from './typebot/typebot.engine.js';
import { TypebotSessionsRepository } from './typebot/typebot-sessions.repository.js';
import { WebhookEngine } from './webhook/webhook.engine.js';

/**
 * The queue integrations' side of the runtime (runtime/): registers the `integration` bot source
 * (the integration with its secrets opened; null when deleted, and the runtime hands the ticket to
 * a human) and the three engines (webhook for n8n and webhook, Typebot, Dialogflow) in the
 * BotRegistry. Files the engines name by URL are fetched through the SSRF guard and stored
 * (outbound/remote-media.ts) before tickets sees the actions. `answer` runs one turn through that
 * registry directly (the engines' integration test).
 */
@Injectable()
export class IntegrationBotsService implements OnModuleInit {
  private readonly engines: Array<BotEngine<QueueIntegrationConfig>>;

  constructor(
    @Inject(QueueIntegrationsService) private readonly integrations: QueueIntegrationsService,
    @Inject(TypebotSessionsRepository) sessions: TypebotSessionsRepository,
    @Inject(SERVICE_CONFIG) config: AiConfig,
    @Inject(BotRegistry) private readonly registry: BotRegistry,
    @Inject(OutboundUrlGuard) guard: OutboundUrlGuard,
    @Inject(MEDIA_STORAGE) storage: ObjectStorage,
  ) {
    const engines: Array<BotEngine<QueueIntegrationConfig>> = [
      new WebhookEngine(guard),
      new TypebotEngine(new TypebotClient(guard), sessions),
      new DialogflowEngine(new DialogflowClient(config.DIALOGFLOW_API_URL, guard)),
    ];
    this.engines = engines.map((engine) => ({
      kinds: engine.kinds,
      answer: async (turn, integration, signal) =>
        withStoredMedia(await engine.answer(turn, integration, signal), {
          companyId: turn.companyId,
          provider: integration.type,
          guard,
          storage,
          signal,
        }),
    }));
  }

  onModuleInit(): void {
    for (const engine of this.engines) this.registry.registerEngine(engine);
    this.registry.registerSource('integration', (companyId, id) => this.load(companyId, id));
  }

  /** The integration as the runtime runs it: one circuit breaker per integration. */
  async load(companyId: number, id: number): Promise<LoadedBot | null> {
    const config = await this.integrations.config(companyId, id);
    return config ? { kind: config.type, provider: config.type, breakerKey: `integration:${id}`, config } : null;
  }

  /** One turn run directly, found as the runtime finds it (the registry's source and engine). */
  async answer(turn: BotTurn, integrationId: number, signal: AbortSignal): Promise<BotAction[]> {
    const found = await this.registry.load(turn.companyId, { kind: 'integration', integrationId });
    if (!found) throw new ProviderError('integration', 'network', `queue integration ${integrationId} no longer exists or has no engine`);
    return found.engine.answer(turn, found.loaded.config, signal);
  }
}
