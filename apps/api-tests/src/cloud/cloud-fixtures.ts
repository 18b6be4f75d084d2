import { hubSignature } from '@atrium/channel';
import { startMetaSandbox, type RunningMetaSandbox } from '@atrium/app-meta-sandbox';
import type { WhatsappView } from '@atrium/contracts';
import { createLogger } from '@atrium/logging';
import { deleteTestStreams } from '@atrium/testing';
import type { ApiClient } from '../api-client.js';
import { startStack, type ServiceName, type Stack } from '../stack.js';

export interface CloudStack {
  stack: Stack;
  meta: RunningMetaSandbox;
  webhookUrl: string;
  stop(): Promise<void>;
}

/** meta-sandbox in this process, and the gateway with the given services, META_GRAPH_URL pointed at it. */
export async function startCloudStack(options: { services?: ServiceName[]; env?: Record<string, string> } = {}): Promise<CloudStack> {
  const meta = await startMetaSandbox(
    { PORT: 0, HOST: '127.0.0.1', META_SANDBOX_STATUS_DELAY_MS: 0 },
    createLogger({ service: 'meta-sandbox', level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  try {
    const stack = await startStack({
      services: options.services ?? ['identity', 'sessions'],
      env: {
        META_GRAPH_URL: meta.url,
        BAILEYS_ENABLED: 'false',
        SESSION_LEASE_TTL_MS: '3000',
        SESSION_LEASE_RENEW_MS: '500',
        RECONNECT_BASE_MS: '50',
        RECONNECT_MAX_MS: '500',
        CLOUD_RETRY_BASE_MS: '50',
        // the pair limit at a tenth of Meta's 6 s, so a test's many sends to one customer take seconds, not minutes
        CLOUD_PAIR_INTERVAL_MS: '600',
        ...options.env,
      },
    });
    const webhookUrl = `${stack.url}/webhooks/whatsapp`;
    return {
      stack,
      meta,
      webhookUrl,
      async stop() {
        await stack.stop();
        await meta.close();
        await deleteTestStreams(stack.env);
      },
    };
  } catch (error) {
    await meta.close();
    throw error;
  }
}

export interface CloudNumber {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
}

let numbers = 0;
/** A business number registered at the sandbox (its webhooks go to the gateway). */
export async function cloudNumber(
  env: CloudStack,
  overrides: Partial<CloudNumber> & { messagesPerSecond?: number } = {},
): Promise<CloudNumber> {
  numbers += 1;
  const number = {
    phoneNumberId: `10${Date.now() % 1_000_000_000}${numbers}`,
    wabaId: `20${Date.now() % 1_000_000_000}${numbers}`,
    accessToken: `EAAG-test-${numbers}-${Math.random().toString(36).slice(2)}`,
    appSecret: `secret-${numbers}-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  };
  const registered = await metaCall(env.meta, 'POST', '/_sandbox/numbers', { ...number, webhookUrl: env.webhookUrl });
  if (registered.status !== 201) throw new Error(`number not registered: ${registered.status}`);
  return number;
}

/** Creates the company's `cloud` connection for a sandbox number. */
export function createCloudConnection(admin: ApiClient, number: CloudNumber, name = 'Cloud API', extra: Record<string, unknown> = {}) {
  return admin.post<WhatsappView>('/whatsapp', {
    name,
    provider: 'cloud',
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    ...extra,
  });
}

export async function metaCall<T = Record<string, unknown>>(
  meta: RunningMetaSandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(meta.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Posts a webhook body to the gateway as Meta would (signed with `secret`, or unsigned when null). */
export async function postWebhook(env: CloudStack, body: string, secret: string | null): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['x-hub-signature-256'] = hubSignature(Buffer.from(body, 'utf8'), secret);
  const response = await fetch(env.webhookUrl, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}
