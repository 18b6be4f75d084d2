import type { BotAction } from '@atrium/contracts';
import { ProviderError, type BotEngine, type BotTurn } from '../../runtime/bot-engine.js';
import { OutboundRefused, type OutboundUrlGuard } from '../outbound/outbound-url.guard.js';
import type { QueueIntegrationConfig } from '../queue-integrations.service.js';
import { readWebhookReply } from './webhook-reply.js';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature.js';

/** The JSON each customer message is POSTed as (apps/ai/README.md "Webhook and n8n"). */
export interface WebhookCall {
  event: 'message';
  integration: { id: number; type: 'n8n' | 'webhook' };
  company: { id: number };
  ticket: { id: number; queueId: number | null; whatsappId: number };
  contact: { id: number; name: string; number: string; email: string };
  message: { id: number; sequence: number; body: string; text: string; mediaType: string; createdAt: string };
}

/**
 * n8n and webhook: POST the message as JSON to `urlN8N`, signed (SIGNATURE_HEADER), and apply what
 * the receiver answers, through the SSRF guard. A non-2xx answer (a redirect too), a network failure,
 * a refused address or an unreadable reply is a provider failure.
 */
export class WebhookEngine implements BotEngine<QueueIntegrationConfig> {
  readonly kinds = ['n8n', 'webhook'] as const;

  constructor(private readonly guard: OutboundUrlGuard) {}

  async answer(turn: BotTurn, config: QueueIntegrationConfig, signal: AbortSignal): Promise<BotAction[]> {
    const provider = config.type;
    const { event } = turn;
    const call: WebhookCall = {
      event: 'message',
      integration: { id: config.id, type: config.type as 'n8n' | 'webhook' },
      company: { id: turn.companyId },
      ticket: { id: event.ticketId, queueId: event.queueId, whatsappId: event.whatsappId },
      contact: event.contact,
      message: {
        id: event.messageId,
        sequence: event.sequence,
        body: event.message.body,
        text: turn.text,
        mediaType: event.message.mediaType,
        createdAt: event.message.createdAt,
      },
    };
    const body = JSON.stringify(call);
    let response: Response;
    try {
      response = await this.guard.fetch(config.urlN8N!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(config.signingSecret ?? '', body),
          'user-agent': 'Atrium-Webhook/1',
        },
        body,
        signal,
      });
    } catch (error) {
      if (error instanceof OutboundRefused) throw new ProviderError(provider, 'refused', error.message);
      throw new ProviderError(
        provider,
        signal.aborted ? 'timeout' : 'network',
        signal.aborted ? 'the receiver did not answer in time' : `the receiver is unreachable (${(error as Error).message})`,
      );
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new ProviderError(provider, response.status, `the receiver answered ${response.status}`);
    const actions = readWebhookReply(text);
    if ('problem' in actions) throw new ProviderError(provider, response.status, `unreadable reply: ${actions.problem}`);
    return actions;
  }
}
