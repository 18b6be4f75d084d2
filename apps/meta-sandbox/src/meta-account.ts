import { createHash, randomBytes } from 'node:crypto';
import type { GraphMessageTemplate, GraphOutgoingMessage, WebhookPayload } from '@atrium/channel';

/** A business number of the simulated Meta account. */
export interface SandboxNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  messagingLimitTier: string;
  accessToken: string;
  appSecret: string;
  webhookUrl: string | null;
  messagesPerSecond: number;
}

/** A message the business sent through POST /{phone-number-id}/messages. */
export interface SentRecord {
  id: string;
  phoneNumberId: string;
  to: string;
  type: string;
  body: GraphOutgoingMessage;
  at: number;
}

export interface StoredMedia {
  id: string;
  data: Buffer;
  mimetype: string;
  filename: string;
  phoneNumberId: string;
}

/** An error the tester asked the next sends of a number to fail with. */
export interface ForcedError {
  code: number;
  count: number;
  /** Only sends to this customer (pair rate limit, undeliverable). */
  to?: string;
}

/** Graph API error objects as Meta answers them (code, title, HTTP status). */
export const GRAPH_ERRORS: Record<number, { message: string; type: string; status: number; title: string }> = {
  190: {
    message: 'Error validating access token: Session has expired.',
    type: 'OAuthException',
    status: 401,
    title: 'Access token expired',
  },
  100: { message: 'Invalid parameter', type: 'OAuthException', status: 400, title: 'Invalid parameter' },
  130429: { message: '(#130429) Rate limit hit', type: 'OAuthException', status: 400, title: 'Rate limit hit' },
  131056: {
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
    type: 'OAuthException',
    status: 400,
    title: 'Pair rate limit hit',
  },
  131047: { message: '(#131047) Re-engagement message', type: 'OAuthException', status: 400, title: 'Re-engagement message' },
  131026: { message: '(#131026) Message undeliverable', type: 'OAuthException', status: 400, title: 'Message undeliverable' },
  131009: { message: '(#131009) Parameter value is not valid', type: 'OAuthException', status: 400, title: 'Parameter value is not valid' },
};

export class GraphFailure extends Error {
  constructor(
    readonly code: number,
    message?: string,
  ) {
    super(message ?? GRAPH_ERRORS[code]?.message ?? `(#${code})`);
  }

  get status(): number {
    return GRAPH_ERRORS[this.code]?.status ?? 400;
  }

  body(): unknown {
    const known = GRAPH_ERRORS[this.code];
    return {
      error: {
        message: this.message,
        type: known?.type ?? 'OAuthException',
        code: this.code,
        ...(this.code === 190 ? { error_subcode: 463 } : {}),
        error_data: { messaging_product: 'whatsapp', details: known?.title ?? this.message },
        fbtrace_id: `A${randomBytes(10).toString('hex')}`,
      },
    };
  }
}

const LIMIT = 20_000;
const bounded = <T>(list: T[]): void => {
  if (list.length > LIMIT) list.splice(0, list.length - LIMIT);
};

/**
 * The simulated Meta side: business numbers with their tokens and app secrets, what they sent,
 * media, templates per WABA, errors on demand and the per-number throughput limit (a sliding
 * second). State in memory, bounded.
 */
export class MetaAccount {
  readonly numbers = new Map<string, SandboxNumber>();
  readonly sent: SentRecord[] = [];
  readonly media = new Map<string, StoredMedia>();
  readonly templates = new Map<string, GraphMessageTemplate & { wabaId: string }>();
  /** Messages sent per number over the last second (for 130429), and how often it was exceeded. */
  private readonly recent = new Map<string, number[]>();
  readonly expiredTokens = new Set<string>();
  private readonly forced = new Map<string, ForcedError[]>();
  /** Sends refused with 130429 because the number went over its pace (not forced). */
  paceViolations = 0;
  private sequence = 0;

  register(number: SandboxNumber): SandboxNumber {
    this.numbers.set(number.phoneNumberId, number);
    return number;
  }

  /** The number a call names, if the token is its own and not expired (190 otherwise). */
  authorise(token: string | null, phoneNumberId: string): SandboxNumber {
    const number = this.numbers.get(phoneNumberId);
    if (!token || this.expiredTokens.has(token)) throw new GraphFailure(190);
    if (!number) throw new GraphFailure(100, `Unsupported get request. Object with ID '${phoneNumberId}' does not exist`);
    if (number.accessToken !== token) throw new GraphFailure(190, 'Invalid OAuth access token - Cannot parse access token');
    return number;
  }

  /** Any number's token (media and templates are reached by id). */
  tokenOwner(token: string | null): SandboxNumber {
    if (!token || this.expiredTokens.has(token)) throw new GraphFailure(190);
    for (const number of this.numbers.values()) if (number.accessToken === token) return number;
    throw new GraphFailure(190, 'Invalid OAuth access token - Cannot parse access token');
  }

  forceErrors(phoneNumberId: string, error: ForcedError): void {
    const list = this.forced.get(phoneNumberId) ?? [];
    list.push(error);
    this.forced.set(phoneNumberId, list);
  }

  /** Records a send, or throws what Meta would answer (errors on demand first, then the throughput limit). */
  send(number: SandboxNumber, body: GraphOutgoingMessage): SentRecord {
    const forced = this.forced.get(number.phoneNumberId)?.find((error) => error.count > 0 && (!error.to || error.to === body.to));
    if (forced) {
      forced.count -= 1;
      throw new GraphFailure(forced.code);
    }
    const now = Date.now();
    const window = (this.recent.get(number.phoneNumberId) ?? []).filter((at) => at > now - 1000);
    if (window.length >= number.messagesPerSecond) {
      this.paceViolations += 1;
      this.recent.set(number.phoneNumberId, window);
      throw new GraphFailure(130429);
    }
    window.push(now);
    this.recent.set(number.phoneNumberId, window);
    const record: SentRecord = { id: this.wamid(), phoneNumberId: number.phoneNumberId, to: body.to, type: body.type, body, at: now };
    this.sent.push(record);
    bounded(this.sent);
    return record;
  }

  storeMedia(phoneNumberId: string, data: Buffer, mimetype: string, filename: string): StoredMedia {
    const media = { id: String(1_000_000_000_000 + (this.sequence += 1)), data, mimetype, filename, phoneNumberId };
    this.media.set(media.id, media);
    if (this.media.size > 2_000) this.media.delete(this.media.keys().next().value!);
    return media;
  }

  sha256(media: StoredMedia): string {
    return createHash('sha256').update(media.data).digest('hex');
  }

  wamid(): string {
    return `wamid.${Buffer.from(`sandbox-${Date.now()}-${(this.sequence += 1)}-${randomBytes(4).toString('hex')}`).toString('base64')}`;
  }

  /** A `messages` webhook of one number: Meta's envelope around one change value. */
  envelope(number: SandboxNumber, value: Record<string, unknown>, field = 'messages'): WebhookPayload {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: number.wabaId,
          changes: [
            {
              field,
              value:
                field === 'messages'
                  ? {
                      messaging_product: 'whatsapp',
                      metadata: {
                        display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''),
                        phone_number_id: number.phoneNumberId,
                      },
                      ...value,
                    }
                  : value,
            },
          ],
        },
      ],
    };
  }
}
