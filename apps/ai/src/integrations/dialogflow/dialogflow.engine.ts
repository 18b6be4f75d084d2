import type { BotAction } from '@atrium/contracts';
import { ProviderError, type BotEngine, type BotTurn } from '../../runtime/bot-engine.js';
import type { QueueIntegrationConfig } from '../queue-integrations.service.js';
import type { DialogflowClient } from './dialogflow-client.js';
import { parseServiceAccount } from './service-account.js';

/**
 * Dialogflow: each customer message is a `detectIntent` in a session per ticket (Dialogflow keeps
 * the conversation's contexts by session id); the fulfillment texts are sent in order. An intent
 * that ends the interaction, or a custom payload `{ "handoff": true | { queueId | userId } }`,
 * hands the ticket to people after the texts.
 */
export class DialogflowEngine implements BotEngine<QueueIntegrationConfig> {
  readonly kinds = ['dialogflow'] as const;

  constructor(private readonly client: DialogflowClient) {}

  async answer(turn: BotTurn, config: QueueIntegrationConfig, signal: AbortSignal): Promise<BotAction[]> {
    const { account } = parseServiceAccount(config.jsonContent);
    if (!account || !config.projectName) throw new ProviderError('dialogflow', 'network', 'the integration has no usable service account');
    if (turn.text.trim() === '') return [];
    const sessionId = `atrium-${turn.companyId}-${turn.event.ticketId}`;
    const result = await this.client.detectIntent(account, config.projectName, sessionId, turn.text, config.language ?? 'pt-BR', signal);
    const actions: BotAction[] = result.fulfillmentTexts.map((body) => ({ type: 'text', body }));
    if (typeof result.handoff === 'object') actions.push({ type: 'transfer', ...result.handoff });
    else if (result.handoff || result.endInteraction) actions.push({ type: 'handToHuman' });
    return actions;
  }
}
