import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@atrium/logging';
import type { MetaSandboxConfig } from './config.js';
import { createGraphHandler } from './graph-routes.js';
import { MetaAccount, type SentRecord } from './meta-account.js';
import { createSandboxHandler } from './sandbox-routes.js';
import { WebhookSender } from './webhook-sender.js';

export interface RunningMetaSandbox {
  /** Base URL: META_GRAPH_URL points here (Graph paths under `/v23.0/...`, test-only calls under `/_sandbox`). */
  url: string;
  port: number;
  account: MetaAccount;
  webhooks: WebhookSender;
  close(): Promise<void>;
}

/** Starts the Meta (WhatsApp Cloud API) simulator. Used by main.ts and tests (`PORT: 0` for a free port). */
export async function startMetaSandbox(
  config: Partial<MetaSandboxConfig> = {},
  logger: Logger = createLogger({ service: 'meta-sandbox', level: config.LOG_LEVEL ?? 'info' }),
): Promise<RunningMetaSandbox> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT ?? 8092, config.HOST ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const account = new MetaAccount();
  const webhooks = new WebhookSender(logger);
  const webhookUrl = config.META_SANDBOX_WEBHOOK_URL ?? null;
  const messagesPerSecond = config.META_SANDBOX_MESSAGES_PER_SECOND ?? 80;
  const wabaId = config.META_SANDBOX_WABA_ID ?? '100200300400500';
  if (config.META_SANDBOX_PHONE_NUMBER_ID) {
    account.register({
      phoneNumberId: config.META_SANDBOX_PHONE_NUMBER_ID,
      wabaId,
      displayPhoneNumber: config.META_SANDBOX_DISPLAY_PHONE_NUMBER ?? '+55 11 4000-0000',
      verifiedName: config.META_SANDBOX_VERIFIED_NAME ?? 'Atrium Demo',
      qualityRating: 'GREEN',
      messagingLimitTier: 'TIER_1K',
      accessToken: config.META_SANDBOX_ACCESS_TOKEN ?? 'EAAG-sandbox-demo-token',
      appSecret: config.META_SANDBOX_APP_SECRET ?? 'sandbox-app-secret',
      webhookUrl,
      messagesPerSecond,
    });
  }
  const statusDelayMs = config.META_SANDBOX_STATUS_DELAY_MS ?? 200;
  const timers = new Set<NodeJS.Timeout>();
  // the customer's phone takes the message: `sent`, then `delivered`, as Meta reports them
  const onSent = (record: SentRecord): void => {
    const number = account.numbers.get(record.phoneNumberId);
    if (statusDelayMs === 0 || !number?.webhookUrl) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const statuses = ['sent', 'delivered'].map((status) => ({
        id: record.id,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: record.to,
      }));
      void webhooks.deliver(number.webhookUrl!, number.appSecret, account.envelope(number, { statuses })).catch(() => undefined);
    }, statusDelayMs);
    timers.add(timer);
  };
  const graph = createGraphHandler({ account, publicUrl: url, logger, onSent });
  const controls = createSandboxHandler({ account, webhooks, defaults: { wabaId, webhookUrl, messagesPerSecond }, logger });
  server.on('request', (request, response) => {
    const requestUrl = new URL(request.url ?? '/', 'http://sandbox');
    if (requestUrl.pathname === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    void (requestUrl.pathname.startsWith('/_sandbox/') ? controls(request, response, requestUrl) : graph(request, response, requestUrl));
  });
  logger.info({ url, webhookUrl }, 'meta-sandbox listening');
  return {
    url,
    port,
    account,
    webhooks,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
