import 'reflect-metadata';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Logger } from '@atrium/logging';
import { avatarSvg } from './avatar.js';
import { AddressBookBody, CallBody, CustomerMessageBody, EditBody, FaultBody, NumberBody, ScanBody } from './http-dto.js';
import { lidOf, type SandboxNetwork, type StoredMessage } from './network.js';
import { SandboxFailure } from './sandbox-failure.js';

const MAX_BODY_BYTES = 30 * 1024 * 1024;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpFailure(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpFailure(400, 'body is not JSON');
  }
}

function validated<T extends object>(dto: new () => T, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpFailure(400, 'body must be a JSON object');
  const value = plainToInstance(dto, body);
  const errors = validateSync(value, { whitelist: true });
  if (errors.length > 0)
    throw new HttpFailure(
      400,
      errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? { invalid: 'invalid' }).join(', ')}`).join('; '),
    );
  return value;
}

/** A business message as GET /messages lists it (media without its bytes). */
function publicMessage(message: StoredMessage) {
  return {
    id: message.id,
    from: message.business,
    to: message.customer,
    body: message.body,
    media: message.media
      ? { mimetype: message.media.mimetype, filename: message.media.filename, size: Buffer.byteLength(message.media.base64, 'base64') }
      : null,
    location: message.location,
    vcard: message.vcard,
    quotedId: message.quotedId,
    ack: message.ack,
    edited: message.edited,
    deleted: message.deleted,
    timestamp: message.timestamp,
  };
}

type Route = {
  method: string;
  pattern: RegExp;
  handle: (match: RegExpMatchArray, request: IncomingMessage, url: URL) => Promise<[number, unknown]>;
};

/** The sandbox's HTTP API (README): what tests, load tests and demos drive the network with. */
export function createHttpHandler(network: SandboxNetwork, logger: Logger) {
  const routes: Route[] = [
    { method: 'GET', pattern: /^\/health$/, handle: async () => [200, { status: 'ok' }] },
    {
      method: 'POST',
      pattern: /^\/scan$/,
      handle: async (_, request) => {
        const body = validated(ScanBody, await readJson(request));
        if (!body.qr && !body.code) throw new HttpFailure(400, 'qr or code is required');
        return [200, { number: network.scan(body) }];
      },
    },
    {
      method: 'POST',
      pattern: /^\/messages$/,
      handle: async (_, request) => {
        const body = validated(CustomerMessageBody, await readJson(request));
        if (body.body === undefined && !body.media && !body.location && body.vcard === undefined) {
          throw new HttpFailure(400, 'one of body, media, location and vcard is required');
        }
        const message = network.customerSends(body);
        return [201, { id: message.id, timestamp: message.timestamp, lid: lidOf(body.from) }];
      },
    },
    {
      method: 'GET',
      pattern: /^\/messages$/,
      handle: async (_, __, url) => {
        const customer = url.searchParams.get('customer') ?? '';
        if (!/^\d{1,20}$/.test(customer)) throw new HttpFailure(400, 'customer (digits) is required');
        const business = url.searchParams.get('business') ?? undefined;
        return [200, network.businessMessagesTo(customer, business).map(publicMessage)];
      },
    },
    { method: 'POST', pattern: /^\/messages\/([\w-]+)\/read$/, handle: async (m) => [200, publicMessage(network.customerReads(m[1]!))] },
    {
      method: 'POST',
      pattern: /^\/messages\/([\w-]+)\/edit$/,
      handle: async (m, request) => {
        const body = validated(EditBody, await readJson(request));
        const message = network.customerEdits(m[1]!, body.body);
        return [200, { id: message.id, body: message.body, edited: true }];
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/messages\/([\w-]+)$/,
      handle: async (m) => {
        const message = network.customerRevokes(m[1]!);
        return [200, { id: message.id, deleted: true }];
      },
    },
    {
      method: 'PUT',
      pattern: /^\/numbers\/(\d{1,20})$/,
      handle: async (m, request) => {
        const body = validated(NumberBody, await readJson(request));
        network.setOnWhatsApp(m[1]!, body.onWhatsApp);
        return [200, { number: m[1], onWhatsApp: body.onWhatsApp }];
      },
    },
    { method: 'GET', pattern: /^\/sessions$/, handle: async () => [200, network.sessions()] },
    { method: 'GET', pattern: /^\/sessions\/(\d{8,15})\/checks$/, handle: async (m) => [200, network.checksOf(m[1]!)] },
    {
      method: 'PUT',
      pattern: /^\/sessions\/(\d{8,15})\/contacts$/,
      handle: async (m, request) => {
        const body = validated(AddressBookBody, await readJson(request));
        const size = network.seedAddressBook(
          m[1]!,
          body.contacts.map((entry) => ({ number: entry.number, name: entry.name ?? null })),
        );
        return [200, { number: m[1], contacts: size }];
      },
    },
    {
      method: 'POST',
      pattern: /^\/sessions\/(\d{8,15})\/faults$/,
      handle: async (m, request) => {
        const body = validated(FaultBody, await readJson(request));
        return [200, { number: m[1], op: body.op, pending: network.injectFault(m[1]!, body.op, body.times ?? 1, body.after ?? 0) }];
      },
    },
    {
      method: 'POST',
      pattern: /^\/sessions\/(\d{8,15})\/logout$/,
      handle: async (m) => {
        network.logout(m[1]!);
        return [200, { number: m[1], loggedOut: true }];
      },
    },
    {
      method: 'POST',
      pattern: /^\/sessions\/(\d{8,15})\/drop$/,
      handle: async (m) => {
        network.drop(m[1]!);
        return [200, { number: m[1], dropped: true }];
      },
    },
    {
      method: 'POST',
      pattern: /^\/calls$/,
      handle: async (_, request) => {
        const body = validated(CallBody, await readJson(request));
        return [201, { id: network.placeCall(body.from, body.to, body.isVideo ?? false) }];
      },
    },
    {
      method: 'GET',
      pattern: /^\/calls\/([\w-]{1,80})$/,
      handle: async (m) => [200, { id: m[1], rejected: network.callRejected(m[1]!) }],
    },
    {
      method: 'GET',
      pattern: /^\/presences$/,
      handle: async (_m, _request, url) => {
        const customer = url.searchParams.get('customer') ?? '';
        if (!/^\d{1,20}$/.test(customer)) throw new HttpFailure(400, 'customer (digits) is required');
        return [200, network.presencesTo(customer)];
      },
    },
  ];

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const avatar = request.method === 'GET' ? /^\/avatars\/(\d{1,20})\.svg$/.exec(url.pathname) : null;
    if (avatar) {
      response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' }).end(avatarSvg(avatar[1]!));
      return;
    }
    const candidates = routes.filter((route) => route.pattern.test(url.pathname));
    const route = candidates.find((candidate) => candidate.method === request.method);
    let status: number;
    let body: unknown;
    try {
      if (!route) throw new HttpFailure(candidates.length > 0 ? 405 : 404, candidates.length > 0 ? 'method not allowed' : 'not found');
      [status, body] = await route.handle(url.pathname.match(route.pattern)!, request, url);
    } catch (error) {
      if (error instanceof HttpFailure || error instanceof SandboxFailure) {
        status = error instanceof HttpFailure ? error.status : error.httpStatus;
        body = { error: error.message };
      } else {
        logger.error({ err: error }, 'sandbox request failed');
        status = 500;
        body = { error: 'internal error' };
      }
    }
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}
