import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@atrium/logging';
import { createApiHandler } from './api-handler.js';
import type { StripeSandboxConfig } from './config.js';
import { IdempotencyCache } from './idempotency-cache.js';
import { createSandboxHandler } from './sandbox-routes.js';
import { StripeAccount } from './stripe-account.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

/** How often the sandbox's clock expires Pix codes whose time is up. */
const EXPIRY_SWEEP_MS = 1000;

export interface RunningStripeSandbox {
  /** Base URL (API under /v1, test-only calls under /_sandbox). */
  url: string;
  port: number;
  /** What the official SDK needs to talk to this sandbox: `new Stripe(secretKey, sdkOptions)`. */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  account: StripeAccount;
  webhooks: WebhookDispatcher;
  close(): Promise<void>;
}

/** Starts the Stripe simulator. Used by main.ts and by tests (`PORT: 0` for a free port). */
export async function startStripeSandbox(
  config: Partial<StripeSandboxConfig> = {},
  logger: Logger = createLogger({ service: 'stripe-sandbox', level: config.LOG_LEVEL ?? 'info' }),
): Promise<RunningStripeSandbox> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT ?? 8091, config.HOST ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const apiVersion = config.STRIPE_SANDBOX_API_VERSION ?? '2026-10-28.endive';
  const secretKey = config.STRIPE_SANDBOX_SECRET_KEY ?? 'sk_test_atrium_sandbox';
  const objectLimit = config.STRIPE_SANDBOX_OBJECT_LIMIT ?? 10_000;
  const account = new StripeAccount({
    pixFeeBps: config.STRIPE_SANDBOX_PIX_FEE_BPS ?? 119,
    publicUrl: (config.STRIPE_SANDBOX_PUBLIC_URL ?? url).replace(/\/$/, ''),
    merchantName: config.STRIPE_SANDBOX_MERCHANT_NAME ?? 'Atrium',
    merchantCity: config.STRIPE_SANDBOX_MERCHANT_CITY ?? 'Sao Paulo',
    apiVersion,
    objectLimit,
  });
  const webhooks = new WebhookDispatcher(
    {
      attempts: config.STRIPE_SANDBOX_WEBHOOK_ATTEMPTS ?? 8,
      retryBaseMs: config.STRIPE_SANDBOX_WEBHOOK_RETRY_MS ?? 5000,
      retryMaxMs: config.STRIPE_SANDBOX_WEBHOOK_RETRY_MAX_MS ?? 3_600_000,
      timeoutMs: config.STRIPE_SANDBOX_WEBHOOK_TIMEOUT_MS ?? 10_000,
      logLimit: objectLimit,
    },
    logger,
  );
  account.onEvent = (event) => webhooks.dispatch(event);
  if (config.STRIPE_SANDBOX_WEBHOOK_URL) {
    webhooks.addEndpoint({
      url: config.STRIPE_SANDBOX_WEBHOOK_URL,
      enabledEvents: ['*'],
      secret: config.STRIPE_SANDBOX_WEBHOOK_SECRET ?? 'whsec_atrium_sandbox',
      description: 'from STRIPE_SANDBOX_WEBHOOK_URL',
    });
  }
  const api = createApiHandler({ account, webhooks, idempotency: new IdempotencyCache(objectLimit), secretKey, apiVersion, logger });
  const sandboxCalls = createSandboxHandler(account, webhooks, logger);
  server.on('request', (request, response) => {
    const requestUrl = new URL(request.url ?? '/', 'http://sandbox');
    void (requestUrl.pathname.startsWith('/v1/') ? api(request, response, requestUrl) : sandboxCalls(request, response, requestUrl));
  });
  const sweep = setInterval(() => account.expireDue(), EXPIRY_SWEEP_MS);
  sweep.unref();
  logger.info(
    { url, webhookUrl: config.STRIPE_SANDBOX_WEBHOOK_URL ?? null, pixFeeBps: config.STRIPE_SANDBOX_PIX_FEE_BPS ?? 119 },
    'stripe-sandbox listening',
  );

  return {
    url,
    port,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    account,
    webhooks,
    async close() {
      clearInterval(sweep);
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
