import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@atrium/logging';
import type { ApiRoute } from './api-route.js';
import { EVENT_ROUTES } from './event.routes.js';
import { canonicalParams, parseForm } from './form-params.js';
import type { IdempotencyCache } from './idempotency-cache.js';
import { newId } from './ids.js';
import { LEDGER_ROUTES } from './ledger.routes.js';
import { ParamReader } from './param-reader.js';
import { PAYMENT_INTENT_ROUTES } from './payment-intent.routes.js';
import type { StripeAccount } from './stripe-account.js';
import { StripeError } from './stripe-error.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

const MAX_BODY_BYTES = 1024 * 1024;
const ROUTES: ApiRoute[] = [...PAYMENT_INTENT_ROUTES, ...LEDGER_ROUTES, ...EVENT_ROUTES];

export interface ApiDependencies {
  account: StripeAccount;
  webhooks: WebhookDispatcher;
  idempotency: IdempotencyCache;
  /** The secret key requests must carry (`Authorization: Bearer sk_test_…`). */
  secretKey: string;
  apiVersion: string;
  logger: Logger;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new StripeError(
        413,
        'invalid_request_error',
        `Request body too large (at most ${MAX_BODY_BYTES} bytes).`,
        undefined,
        undefined,
        false,
      );
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The key a request carries: `Bearer <key>`, or Basic auth with the key as user name (`curl -u sk_test_…:`). */
function presentedKey(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme!)) return value || null;
  if (/^basic$/i.test(scheme!)) return Buffer.from(value, 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

function mask(key: string): string {
  return key.length <= 12 ? `${key.slice(0, 3)}***` : `${key.slice(0, 8)}${'*'.repeat(Math.max(4, key.length - 12))}${key.slice(-4)}`;
}

function authenticate(header: string | undefined, secretKey: string): void {
  const key = presentedKey(header);
  if (key === null) {
    throw new StripeError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      undefined,
      undefined,
      false,
    );
  }
  if (key !== secretKey)
    throw new StripeError(401, 'invalid_request_error', `Invalid API Key provided: ${mask(key)}`, 'api_key_invalid', undefined, false);
}

/**
 * Stripe's `/v1` API as the official SDK calls it: bearer key, form-encoded parameters (query
 * string for GET and DELETE), Idempotency-Key replays on POST, Stripe's error bodies and headers
 * (`Request-Id`, `Stripe-Version`, `Idempotent-Replayed`).
 */
export function createApiHandler(deps: ApiDependencies) {
  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const requestId = newId('req');
    const method = (request.method ?? 'GET').toUpperCase();
    const idempotencyKey = method === 'POST' ? ((request.headers['idempotency-key'] as string | undefined) ?? null) : null;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': (request.headers['stripe-version'] as string | undefined) ?? deps.apiVersion,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    const send = (status: number, body: string, extra: Record<string, string> = {}) =>
      response.writeHead(status, { ...headers, ...extra }).end(body);

    let status: number;
    let body: string;
    let save = false;
    let params = '';
    try {
      authenticate(request.headers.authorization, deps.secretKey);
      const raw = method === 'POST' ? await readBody(request) : url.search.slice(1);
      if (method === 'POST' && /application\/json/i.test(request.headers['content-type'] ?? '')) {
        throw new StripeError(
          400,
          'invalid_request_error',
          'Invalid request: Stripe takes application/x-www-form-urlencoded parameters, not JSON.',
          undefined,
          undefined,
          false,
        );
      }
      const form = parseForm(raw);
      params = canonicalParams(form);
      const candidates = ROUTES.filter((route) => route.pattern.test(url.pathname));
      const route = candidates.find((candidate) => candidate.method === method);
      if (!route) {
        throw new StripeError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/. (stripe-sandbox implements the part of the API a Pix billing service uses; see apps/stripe-sandbox/README.md.)`,
          undefined,
          undefined,
          false,
        );
      }
      if (idempotencyKey) {
        const saved = deps.idempotency.lookup(idempotencyKey, `${method} ${url.pathname}`, params);
        if (saved) {
          send(saved.status, saved.body, { 'idempotent-replayed': 'true', 'original-request': saved.requestId });
          return;
        }
      }
      const result = route.handle({
        params: new ParamReader(form),
        match: url.pathname.match(route.pattern)!,
        origin: { requestId, idempotencyKey },
        account: deps.account,
        webhooks: deps.webhooks,
      });
      status = 200;
      body = JSON.stringify(result, null, 2);
      save = true;
    } catch (error) {
      if (error instanceof StripeError) {
        status = error.status;
        body = JSON.stringify(error.toJSON(), null, 2);
        save = error.replayable;
      } else {
        deps.logger.error({ err: error, requestId }, 'stripe-sandbox request failed');
        status = 500;
        body = JSON.stringify(new StripeError(500, 'api_error', 'An unknown error occurred in stripe-sandbox.').toJSON(), null, 2);
      }
    }
    if (idempotencyKey && save)
      deps.idempotency.save(idempotencyKey, { endpoint: `${method} ${url.pathname}`, params, status, body, requestId });
    send(status, body);
  };
}
