import { MetaGraphError, MetaGraphUnreachableError } from './meta-graph-error.js';
import {
  PHONE_NUMBER_FIELDS,
  TEMPLATE_FIELDS,
  type GraphMediaInfo,
  type GraphMessageTemplate,
  type GraphOutgoingMessage,
  type GraphPage,
  type GraphPhoneNumber,
  type GraphSendResult,
} from './meta-graph-types.js';

export interface MetaGraphOptions {
  /** `META_GRAPH_URL`, e.g. https://graph.facebook.com (a local stand-in in tests). */
  baseUrl: string;
  /** `META_GRAPH_VERSION`, e.g. v23.0. */
  version: string;
  /** Longest one call may take. */
  timeoutMs?: number;
}

type Query = Record<string, string | number | undefined>;

/**
 * Meta's Graph API over plain HTTP (docs/adr/021): every call goes to
 * `{baseUrl}/{version}/{path}` with the access token as a bearer token; an error object
 * (`{ error: { code, error_subcode, message, type, fbtrace_id } }`) becomes a MetaGraphError,
 * a network failure a MetaGraphUnreachableError. One client serves every connection: the token
 * is given per call.
 */
export class MetaGraphClient {
  private readonly root: string;
  private readonly timeoutMs: number;

  constructor(options: MetaGraphOptions) {
    this.root = `${options.baseUrl.replace(/\/+$/, '')}/${options.version.replace(/^\/+|\/+$/g, '')}`;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /** The URL of a Graph path (`/123/messages`), with its query. */
  url(path: string, query: Query = {}): string {
    const url = new URL(`${this.root}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    return url.toString();
  }

  get<T>(path: string, token: string, query?: Query): Promise<T> {
    return this.call<T>('GET', this.url(path, query), token);
  }

  post<T>(path: string, token: string, body: unknown): Promise<T> {
    return this.call<T>('POST', this.url(path), token, { body: JSON.stringify(body), contentType: 'application/json' });
  }

  postForm<T>(path: string, token: string, form: FormData): Promise<T> {
    return this.call<T>('POST', this.url(path), token, { body: form });
  }

  delete<T>(path: string, token: string, query?: Query): Promise<T> {
    return this.call<T>('DELETE', this.url(path, query), token);
  }

  // ---- the WhatsApp Cloud API endpoints -------------------------------------------------------

  /** GET /{phone-number-id}: the number's display number, verified name, quality rating and limit tier (checks the token too). */
  phoneNumber(phoneNumberId: string, token: string): Promise<GraphPhoneNumber> {
    return this.get<GraphPhoneNumber>(phoneNumberId, token, { fields: PHONE_NUMBER_FIELDS });
  }

  /** POST /{phone-number-id}/messages. */
  sendMessage(phoneNumberId: string, token: string, message: GraphOutgoingMessage): Promise<GraphSendResult> {
    return this.post<GraphSendResult>(`${phoneNumberId}/messages`, token, message);
  }

  /** Marks a received message (and those before it) read: POST /{phone-number-id}/messages with `status: read`. */
  markRead(phoneNumberId: string, token: string, messageId: string): Promise<{ success: boolean }> {
    return this.post(`${phoneNumberId}/messages`, token, { messaging_product: 'whatsapp', status: 'read', message_id: messageId });
  }

  /** POST /{phone-number-id}/media (multipart): the media id to send. */
  async uploadMedia(phoneNumberId: string, token: string, file: { data: Buffer; mimetype: string; filename: string }): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimetype);
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.filename);
    const answer = await this.postForm<{ id: string }>(`${phoneNumberId}/media`, token, form);
    return answer.id;
  }

  /** GET /{media-id}: a short-lived download URL and the file's type and size. */
  mediaInfo(mediaId: string, token: string): Promise<GraphMediaInfo> {
    return this.get<GraphMediaInfo>(mediaId, token);
  }

  /** GET of a media URL Meta gave (with the token, as Meta requires), bounded by `maxBytes`. */
  async download(url: string, token: string, maxBytes: number): Promise<Buffer> {
    const response = await this.fetch('GET', url, token);
    if (!response.ok) throw MetaGraphError.fromBody(response.status, await this.json(response).catch(() => null));
    const declared = Number(response.headers.get('content-length') ?? 'NaN');
    if (Number.isFinite(declared) && declared > maxBytes) throw new MediaTooLargeError(declared);
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > maxBytes) throw new MediaTooLargeError(data.length);
    return data;
  }

  /** GET /{waba-id}/message_templates, every page. */
  async templates(wabaId: string, token: string, pageSize = 100): Promise<GraphMessageTemplate[]> {
    const all: GraphMessageTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const answer = await this.get<GraphPage<GraphMessageTemplate>>(`${wabaId}/message_templates`, token, {
        limit: pageSize,
        after,
        fields: TEMPLATE_FIELDS,
      });
      all.push(...answer.data);
      after = answer.paging?.cursors?.after;
      if (!answer.paging?.next || !after) break;
    }
    return all;
  }

  /** POST /{waba-id}/message_templates: submits a template for approval. */
  createTemplate(
    wabaId: string,
    token: string,
    template: Omit<GraphMessageTemplate, 'id' | 'status'>,
  ): Promise<{ id: string; status: string; category: string }> {
    return this.post(`${wabaId}/message_templates`, token, template);
  }

  // ---- internals ---------------------------------------------------------------------------

  private async call<T>(
    method: string,
    url: string,
    token: string,
    payload?: { body: string | FormData; contentType?: string },
  ): Promise<T> {
    const response = await this.fetch(method, url, token, payload);
    const body = await this.json(response).catch(() => null);
    if (!response.ok || (body && typeof body === 'object' && 'error' in body)) throw MetaGraphError.fromBody(response.status, body);
    if (body === null) throw new MetaGraphUnreachableError(`Graph API answered ${method} ${new URL(url).pathname} without JSON`);
    return body as T;
  }

  private async fetch(
    method: string,
    url: string,
    token: string,
    payload?: { body: string | FormData; contentType?: string },
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (payload?.contentType) headers['content-type'] = payload.contentType;
    try {
      return await fetch(url, { method, headers, body: payload?.body, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new MetaGraphUnreachableError(`Graph API unreachable (${method} ${new URL(url).pathname})`, { cause: error });
    }
  }

  private async json(response: Response): Promise<unknown> {
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  }
}

/** A media file larger than the service stores. */
export class MediaTooLargeError extends Error {
  constructor(readonly size: number) {
    super(`media of ${size} bytes is larger than allowed`);
    this.name = 'MediaTooLargeError';
  }
}
