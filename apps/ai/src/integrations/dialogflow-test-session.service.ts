import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type QueueIntegrationTestSessionDto, type QueueIntegrationTestSessionView } from '@atrium/contracts';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { AiConfig } from '../config.js';
import { ProviderError } from '../runtime/bot-engine.js';
import { DialogflowAuthError, DialogflowClient } from './dialogflow/dialogflow-client.js';
import { parseServiceAccount } from './dialogflow/service-account.js';
import { OutboundUrlGuard } from './outbound/outbound-url.guard.js';

const GREETING: Record<QueueIntegrationTestSessionDto['language'], string> = { 'pt-BR': 'Olá', en: 'Hello', es: 'Hola' };

/**
 * `POST /queueIntegration/testSession`: one greeting sent to Dialogflow with the credentials the
 * admin typed (nothing stored); Dialogflow's answer, or ERR_DIALOGFLOW_TEST_FAILED with the reason
 * (credentials, project, provider) and the provider's status, never the key.
 */
@Injectable()
export class DialogflowTestSessionService {
  private readonly client: DialogflowClient;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AiConfig,
    @Inject(OutboundUrlGuard) guard: OutboundUrlGuard,
  ) {
    this.client = new DialogflowClient(config.DIALOGFLOW_API_URL, guard);
  }

  async test(dto: QueueIntegrationTestSessionDto): Promise<QueueIntegrationTestSessionView> {
    const { account, problem } = parseServiceAccount(dto.jsonContent);
    if (!account) throw new AppError(ErrorCode.ERR_DIALOGFLOW_TEST_FAILED, { data: { reason: 'credentials', message: problem } });
    try {
      const result = await this.client.detectIntent(
        account,
        dto.projectName,
        `atrium-test-${randomUUID()}`,
        GREETING[dto.language],
        dto.language,
        AbortSignal.timeout(this.config.INTEGRATION_TEST_TIMEOUT_MS),
      );
      return {
        queryText: result.queryText,
        intent: result.intent,
        fulfillmentTexts: result.fulfillmentTexts,
        endInteraction: result.endInteraction,
      };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const reason = error instanceof DialogflowAuthError ? error.reason : 'provider';
      throw new AppError(ErrorCode.ERR_DIALOGFLOW_TEST_FAILED, { data: { reason, status: error.status, message: error.message } });
    }
  }
}
