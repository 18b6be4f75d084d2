import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { BotAction, BotRef, TicketMessageHandedToBot } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { AiConfig } from '../config.js';
import { OutboundUrlGuard } from '../integrations/outbound/outbound-url.guard.js';
import { SIGNATURE_HEADER, signatureHeader } from '../integrations/webhook/webhook-signature.js';
import { BotRegistry } from '../runtime/bot-registry.js';
import type { FlowHttpRequest } from '@atrium/contracts';
import { readJsonPath } from '@atrium/contracts';

/** Longest answer of a flow's HTTP node read (a bigger one is an error). */
const HTTP_MAX_BYTES = 256 * 1024;

/**
 * What a flow walk does outside the ai service: an HTTP node's request (through the integrations'
 * SSRF guard and allowlist, signed like the webhook integration: SIGNATURE_HEADER over the body with
 * the company's flow signing secret), and the answer of the prompt or integration an ai/integration
 * node hands the conversation to.
 */
@Injectable()
export class FlowEffects {
  constructor(
    @Inject(OutboundUrlGuard) private readonly guard: OutboundUrlGuard,
    @Inject(BotRegistry) private readonly registry: BotRegistry,
    @Inject(SERVICE_CONFIG) private readonly config: AiConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The secret a flow's HTTP calls of this company are signed with (derived from AI_SECRETS_KEY). */
  signingSecret(companyId: number): string {
    return createHmac('sha256', this.config.AI_SECRETS_KEY).update(`flow-http:${companyId}`).digest('hex');
  }

  /** ok: a 2xx answer; saved: each saveAs variable read from its JSON answer ('' when absent). */
  async http(companyId: number, request: FlowHttpRequest): Promise<{ ok: boolean; saved: Record<string, string> }> {
    const body = request.body ?? (request.method === 'GET' ? undefined : '');
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
      [SIGNATURE_HEADER]: signatureHeader(this.signingSecret(companyId), body ?? ''),
    };
    try {
      const response = await this.guard.fetch(request.url, {
        method: request.method as 'GET',
        headers,
        body: body === undefined || request.method === 'GET' ? undefined : body,
        signal: AbortSignal.timeout(this.config.BOT_PROVIDER_TIMEOUT_MS),
        maxBytes: HTTP_MAX_BYTES,
      });
      if (response.status < 200 || response.status >= 300) {
        this.logger.info({ companyId, nodeId: request.nodeId, status: response.status }, 'flow http node: not 2xx');
        return { ok: false, saved: {} };
      }
      const text = await response.text();
      let json: unknown = undefined;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      const saved = Object.fromEntries(Object.entries(request.saveAs).map(([name, path]) => [name, readJsonPath(json, path) ?? '']));
      return { ok: true, saved };
    } catch (error) {
      this.logger.info({ companyId, nodeId: request.nodeId, err: (error as Error).message }, 'flow http node failed');
      return { ok: false, saved: {} };
    }
  }

  /** The answer of the prompt or integration the conversation was handed to; throws when it cannot answer. */
  async delegate(companyId: number, event: TicketMessageHandedToBot, bot: BotRef, text: string): Promise<BotAction[]> {
    const found = await this.registry.load(companyId, bot);
    if (!found) throw new Error(`${bot.kind === 'prompt' ? 'o prompt' : 'a integração'} do fluxo não existe mais`);
    return found.engine.answer(
      { companyId, event: { ...event, bot }, text },
      found.loaded.config,
      AbortSignal.timeout(this.config.BOT_PROVIDER_TIMEOUT_MS),
    );
  }
}
