import type { IncomingMessage, ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import type { Logger } from '@atrium/logging';
import { readBrCode } from './br-code.js';
import { pixPage } from './pix-page.js';
import { render } from './render.js';
import type { StripeAccount } from './stripe-account.js';
import { invalidParam, resourceMissing, StripeError } from './stripe-error.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

const MAX_BODY_BYTES = 64 * 1024;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidParam('', 'Body too large.');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw invalidParam('', 'The body must be JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidParam('', 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

type SandboxRoute = {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle: (match: RegExpMatchArray, request: IncomingMessage, url: URL) => Promise<object>;
};

/**
 * Test-only calls, apart from Stripe's API (no key needed): play the payer (pay, a refused
 * payment, an expiry), lose or resend webhooks, look at delivery attempts; plus what Stripe's
 * own hosts serve: the QR images and the hosted Pix instructions page.
 */
export function createSandboxHandler(account: StripeAccount, webhooks: WebhookDispatcher, logger: Logger) {
  const event = (id: string) => {
    const found = account.events.get(id);
    if (!found) throw resourceMissing('event', id);
    return found;
  };
  const routes: SandboxRoute[] = [
    { method: 'GET', pattern: /^\/health$/, handle: async () => ({ status: 'ok' }) },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/payment_intents\/([\w]+)\/pay$/,
      handle: async (m) => render(account, account.pay(m[1]!), []),
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/payment_intents\/([\w]+)\/fail$/,
      handle: async (m) => render(account, account.fail(m[1]!), []),
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/payment_intents\/([\w]+)\/expire$/,
      handle: async (m) => render(account, account.expire(m[1]!), []),
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/pix\/pay$/,
      handle: async (_, request) => {
        const { code } = await readJson(request);
        if (typeof code !== 'string' || code.trim() === '') throw invalidParam('code', 'code (the Pix copy-and-paste text) is required.');
        const read = readBrCode(code);
        if (!read?.reference) throw invalidParam('code', 'This is not a valid Pix code (malformed, or its checksum does not match).');
        return render(account, account.pay(account.intentForCode(read.reference).id), []);
      },
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/events\/([\w]+)\/deliver$/,
      handle: async (m, request) => {
        const { endpoint } = await readJson(request);
        if (endpoint !== undefined && (typeof endpoint !== 'string' || !webhooks.endpoint(endpoint)))
          throw resourceMissing('webhook_endpoint', String(endpoint), 'endpoint');
        const found = event(m[1]!);
        return { event: found.id, endpoints: webhooks.redeliver(found, endpoint as string | undefined) };
      },
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/webhooks\/drop$/,
      handle: async (_, request) => {
        const { count = 1 } = await readJson(request);
        if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 1000)
          throw invalidParam('count', 'count must be an integer from 1 to 1000.');
        return { dropping: webhooks.dropNext(count as number) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/_sandbox\/deliveries$/,
      handle: async (_, __, url) => ({ data: webhooks.attemptsOf(url.searchParams.get('event') ?? undefined) }),
    },
  ];

  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    try {
      const image = request.method === 'GET' ? /^\/qr\/([A-Za-z0-9]+)\.(png|svg)$/.exec(url.pathname) : null;
      if (image) {
        const code = account.pixCodes.get(image[1]!);
        if (!code) throw resourceMissing('pix_code', image[1]!);
        if (image[2] === 'png') {
          response
            .writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' })
            .end(await QRCode.toBuffer(code.data, { type: 'png', margin: 2, width: 320 }));
        } else {
          response
            .writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' })
            .end(await QRCode.toString(code.data, { type: 'svg', margin: 2 }));
        }
        return;
      }
      const page = request.method === 'GET' ? /^\/pix\/([A-Za-z0-9]+)$/.exec(url.pathname) : null;
      if (page) {
        const code = account.pixCodes.get(page[1]!);
        if (!code) throw resourceMissing('pix_code', page[1]!);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pixPage(code, account.intent(code.intentId)));
        return;
      }
      const candidates = routes.filter((route) => route.pattern.test(url.pathname));
      const route = candidates.find((candidate) => candidate.method === request.method);
      if (!route) throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname}).`);
      const body = await route.handle(url.pathname.match(route.pattern)!, request, url);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (error) {
      const failure =
        error instanceof StripeError ? error : new StripeError(500, 'api_error', 'An unknown error occurred in stripe-sandbox.');
      if (!(error instanceof StripeError)) logger.error({ err: error }, 'stripe-sandbox test call failed');
      response.writeHead(failure.status, { 'content-type': 'application/json' }).end(JSON.stringify(failure.toJSON()));
    }
  };
}
