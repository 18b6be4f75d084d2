import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphMessageTemplate, GraphOutgoingMessage } from '@atrium/channel';
import type { Logger } from '@atrium/logging';
import { GraphFailure, type MetaAccount, type SentRecord } from './meta-account.js';
import { bearerOf, readBody, readJson, sendJson } from './http.js';

export interface GraphDeps {
  account: MetaAccount;
  publicUrl: string;
  logger: Logger;
  /** A send was accepted: the sandbox may report its statuses. */
  onSent(record: SentRecord): void;
}

const MESSAGE_TYPES = new Set([
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'contacts',
  'reaction',
  'interactive',
  'template',
]);

/** Checks a POST /messages body as Meta does (the parts this platform sends); 100/131009 otherwise. */
function checkMessage(body: Partial<GraphOutgoingMessage> & Record<string, unknown>): GraphOutgoingMessage {
  if (body.messaging_product !== 'whatsapp') throw new GraphFailure(100, '(#100) The parameter messaging_product is required.');
  if (typeof body.to !== 'string' || !/^\+?\d{5,20}$/.test(body.to)) throw new GraphFailure(100, '(#100) Invalid parameter: to');
  const type = body.type ?? 'text';
  if (!MESSAGE_TYPES.has(type) || typeof body[type] !== 'object' || body[type] === null)
    throw new GraphFailure(131009, `(#131009) Parameter value is not valid: ${type}`);
  return { ...body, type } as GraphOutgoingMessage;
}

/**
 * The Graph API paths of the WhatsApp Cloud API, under any version (`/v23.0/...`): phone numbers,
 * messages (and mark read), media upload and lookup, message templates; media downloads under
 * `/media/{id}` with the token, as lookaside.fbsbx.com serves them.
 */
export function createGraphHandler(deps: GraphDeps) {
  const { account } = deps;
  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    try {
      const token = bearerOf(request);
      if (url.pathname.startsWith('/media/')) {
        account.tokenOwner(token);
        const media = account.media.get(url.pathname.slice('/media/'.length));
        if (!media) throw new GraphFailure(100, 'media not found');
        response.writeHead(200, { 'content-type': media.mimetype, 'content-length': media.data.length });
        response.end(media.data);
        return;
      }
      const [, _version, id, edge] = url.pathname.split('/');
      if (!id) throw new GraphFailure(100, 'Unknown path');
      const method = request.method ?? 'GET';
      if (method === 'GET' && !edge) {
        const number = account.numbers.get(id);
        if (number) {
          account.authorise(token, id);
          sendJson(response, 200, {
            id: number.phoneNumberId,
            display_phone_number: number.displayPhoneNumber,
            verified_name: number.verifiedName,
            quality_rating: number.qualityRating,
            messaging_limit_tier: number.messagingLimitTier,
            code_verification_status: 'VERIFIED',
            platform_type: 'CLOUD_API',
            throughput: { level: number.messagesPerSecond > 80 ? 'HIGH' : 'STANDARD' },
          });
          return;
        }
        const media = account.media.get(id);
        if (media) {
          account.tokenOwner(token);
          sendJson(response, 200, {
            messaging_product: 'whatsapp',
            url: `${deps.publicUrl}/media/${media.id}`,
            mime_type: media.mimetype,
            sha256: account.sha256(media),
            file_size: media.data.length,
            id: media.id,
          });
          return;
        }
        account.tokenOwner(token);
        throw new GraphFailure(100, `Unsupported get request. Object with ID '${id}' does not exist`);
      }
      if (method === 'POST' && edge === 'messages') {
        const number = account.authorise(token, id);
        const body = await readJson<Record<string, unknown>>(request);
        if (body.status === 'read') {
          if (typeof body.message_id !== 'string') throw new GraphFailure(100, '(#100) message_id is required');
          sendJson(response, 200, { success: true });
          return;
        }
        const message = checkMessage(body);
        const record = account.send(number, message);
        sendJson(response, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: message.to.replace(/\D/g, '') }],
          messages: [{ id: record.id }],
        });
        deps.onSent(record);
        return;
      }
      if (method === 'POST' && edge === 'media') {
        const number = account.authorise(token, id);
        const raw = await readBody(request);
        const form = await new Request('http://sandbox/upload', {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: new Uint8Array(raw),
        }).formData();
        const file = form.get('file');
        if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob))
          throw new GraphFailure(100, '(#100) messaging_product and file are required');
        const type = String(form.get('type') ?? file.type);
        const media = account.storeMedia(number.phoneNumberId, Buffer.from(await file.arrayBuffer()), type, (file as File).name ?? 'file');
        sendJson(response, 200, { id: media.id });
        return;
      }
      if (edge === 'message_templates') {
        const owner = account.tokenOwner(token);
        if (owner.wabaId !== id) throw new GraphFailure(100, `Unsupported request. Object with ID '${id}' does not exist`);
        if (method === 'GET') {
          const data = [...account.templates.values()]
            .filter((template) => template.wabaId === id)
            .map(({ wabaId: _waba, ...template }) => template);
          sendJson(response, 200, { data, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } });
          return;
        }
        if (method === 'POST') {
          const body = await readJson<Partial<GraphMessageTemplate>>(request);
          if (!body.name || !/^[a-z0-9_]{1,512}$/.test(body.name) || !body.language || !body.category)
            throw new GraphFailure(100, '(#100) name, language and category are required');
          const template = {
            id: String(Date.now()) + String(account.templates.size),
            name: body.name,
            language: body.language,
            category: String(body.category).toUpperCase(),
            status: 'PENDING',
            components: body.components ?? [],
            wabaId: id,
          };
          account.templates.set(template.id, template);
          sendJson(response, 200, { id: template.id, status: template.status, category: template.category });
          return;
        }
      }
      throw new GraphFailure(100, `Unsupported ${method} request.`);
    } catch (error) {
      if (error instanceof GraphFailure) {
        sendJson(response, error.status, error.body());
        return;
      }
      deps.logger.error({ err: error }, 'graph request failed');
      sendJson(response, 500, {
        error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 2, fbtrace_id: 'sandbox' },
      });
    }
  };
}
