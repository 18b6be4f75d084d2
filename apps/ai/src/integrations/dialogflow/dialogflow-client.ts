import { createHash, createSign } from 'node:crypto';
import { ProviderError } from '../../runtime/bot-engine.js';
import { OutboundRefused, type OutboundUrlGuard } from '../outbound/outbound-url.guard.js';
import type { ServiceAccount } from './service-account.js';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow';

export interface DetectIntentResult {
  queryText: string;
  intent: string | null;
  fulfillmentTexts: string[];
  endInteraction: boolean;
  /** A custom payload `{ "handoff": true }` (or `{ "handoff": { "queueId": N } }`) among the fulfillment messages. */
  handoff: boolean | { queueId?: number; userId?: number };
}

/** Dialogflow refused the credentials (bad key, unknown account) or the project (no access, unknown). */
export class DialogflowAuthError extends ProviderError {
  constructor(
    readonly reason: 'credentials' | 'project',
    status: number,
    message: string,
  ) {
    super('dialogflow', status, message);
  }
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * Dialogflow ES through its documented REST surface (docs/adr/014): an OAuth 2.0 access token from
 * the service account's signed JWT (RFC 7523, at the key file's `token_uri`), then
 * `POST {apiUrl}/v2/projects/{project}/agent/sessions/{session}:detectIntent`. Tokens are cached
 * per key in memory until a minute before they expire (a lost cache only costs one exchange).
 * The token URI comes from the admin's key file, so that call goes through the SSRF guard;
 * `apiUrl` is the operator's setting.
 */
export class DialogflowClient {
  private readonly tokens = new Map<string, CachedToken>();

  constructor(
    private readonly apiUrl: string,
    private readonly guard: OutboundUrlGuard,
  ) {}

  async detectIntent(
    account: ServiceAccount,
    projectName: string,
    sessionId: string,
    text: string,
    languageCode: string,
    signal: AbortSignal,
  ): Promise<DetectIntentResult> {
    const token = await this.accessToken(account, signal);
    const url = `${this.apiUrl.replace(/\/$/, '')}/v2/projects/${encodeURIComponent(projectName)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
    const response = await this.call(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ queryInput: { text: { text, languageCode } } }),
      signal,
    });
    if (response.status === 401 || response.status === 403 || response.status === 404) {
      if (response.status === 401) this.tokens.delete(tokenKey(account));
      throw new DialogflowAuthError(
        response.status === 401 ? 'credentials' : 'project',
        response.status,
        `detectIntent refused (${response.status})`,
      );
    }
    if (!response.ok) throw new ProviderError('dialogflow', response.status, `detectIntent failed (${response.status})`);
    return readResult((await response.json()) as DetectIntentResponse);
  }

  private async accessToken(account: ServiceAccount, signal: AbortSignal): Promise<string> {
    const key = tokenKey(account);
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const response = await this.call(
      account.token_uri,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: signedAssertion(account),
        }).toString(),
        signal,
      },
      true,
    );
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new DialogflowAuthError('credentials', response.status, `the service account was refused (${response.status})`);
    }
    if (!response.ok) throw new ProviderError('dialogflow', response.status, `token exchange failed (${response.status})`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new ProviderError('dialogflow', response.status, 'token exchange answered no access_token');
    if (this.tokens.size >= 1000) this.tokens.clear();
    this.tokens.set(key, { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 });
    return body.access_token;
  }

  private async call(
    url: string,
    init: RequestInit & { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
    guarded = false,
  ): Promise<Response> {
    try {
      return guarded ? await this.guard.fetch(url, init) : await fetch(url, init);
    } catch (error) {
      if (error instanceof OutboundRefused) throw new ProviderError('dialogflow', 'refused', `the key file's token_uri: ${error.message}`);
      const timedOut = init.signal?.aborted === true;
      throw new ProviderError(
        'dialogflow',
        timedOut ? 'timeout' : 'network',
        timedOut ? 'Dialogflow did not answer in time' : `Dialogflow unreachable (${(error as Error).message})`,
      );
    }
  }
}

/** The JWT a service account signs to ask for a token (RS256, 1 hour). */
function signedAssertion(account: ServiceAccount): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) };
  const claims = { iss: account.client_email, scope: SCOPE, aud: account.token_uri, iat: now, exp: now + 3600 };
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url');
  return `${unsigned}.${signature}`;
}

/** Tokens are cached per key file (the same account with another key gets its own exchange). */
const tokenKey = (account: ServiceAccount): string =>
  createHash('sha256').update(`${account.client_email}\n${account.private_key}\n${account.token_uri}`).digest('hex');

const base64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

interface DetectIntentResponse {
  queryResult?: {
    queryText?: string;
    fulfillmentText?: string;
    fulfillmentMessages?: Array<{ text?: { text?: string[] }; payload?: Record<string, unknown> }>;
    intent?: { displayName?: string; endInteraction?: boolean };
  };
}

function readResult(body: DetectIntentResponse): DetectIntentResult {
  const result = body.queryResult ?? {};
  const messages = result.fulfillmentMessages ?? [];
  const fromMessages = messages.flatMap((message) => message.text?.text ?? []).filter((text) => text.trim() !== '');
  const fulfillmentTexts = fromMessages.length > 0 ? fromMessages : result.fulfillmentText ? [result.fulfillmentText] : [];
  const handoffPayload = messages.map((message) => message.payload?.handoff).find((value) => value !== undefined && value !== false);
  return {
    queryText: result.queryText ?? '',
    intent: result.intent?.displayName ?? null,
    fulfillmentTexts,
    endInteraction: result.intent?.endInteraction === true,
    handoff:
      handoffPayload === undefined
        ? false
        : typeof handoffPayload === 'object' && handoffPayload !== null
          ? (handoffPayload as { queueId?: number; userId?: number })
          : true,
  };
}
