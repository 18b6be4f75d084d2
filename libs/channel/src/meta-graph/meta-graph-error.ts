/**
 * Graph API error codes the WhatsApp channel acts on (Meta's "Error codes" page of the Cloud API).
 */
export const GraphErrorCode = {
  /** Access token expired, revoked or invalid: the connection is disconnected until a new token is saved. */
  ACCESS_TOKEN_EXPIRED: 190,
  /** Generic throttling of the app (Graph API rate limit). */
  API_TOO_MANY_CALLS: 4,
  /** Cloud API throughput of the number exceeded: back off and retry. */
  RATE_LIMIT_HIT: 130429,
  /** Spam rate limit (too many messages to users of this number). */
  SPAM_RATE_LIMIT: 131048,
  /** Pair rate limit: too many messages to the same recipient in a short time: back off and retry that recipient. */
  PAIR_RATE_LIMIT: 131056,
  /** Re-engagement: more than 24 hours since the customer's last message; only templates go. */
  REENGAGEMENT_WINDOW: 131047,
  /** The message could not be delivered (not a WhatsApp user, old app, ...). */
  UNDELIVERABLE: 131026,
} as const;

/** The error object the Graph API answers with (`{ error: { message, type, code, error_subcode, fbtrace_id } }`). */
export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: { details?: string; messaging_product?: string };
}

/** A Graph API call Meta answered with an error object (or an HTTP error without one). */
export class MetaGraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly subcode: number | null = null,
    readonly type: string | null = null,
    readonly fbtraceId: string | null = null,
    readonly details: string | null = null,
  ) {
    super(message);
    this.name = 'MetaGraphError';
  }

  static fromBody(httpStatus: number, body: unknown): MetaGraphError {
    const error = (body as { error?: GraphErrorBody } | null)?.error;
    if (!error || typeof error !== 'object') return new MetaGraphError(httpStatus, 0, `Graph API answered HTTP ${httpStatus}`);
    return new MetaGraphError(
      httpStatus,
      typeof error.code === 'number' ? error.code : 0,
      String(error.message ?? error.error_user_msg ?? `Graph API answered HTTP ${httpStatus}`),
      typeof error.error_subcode === 'number' ? error.error_subcode : null,
      typeof error.type === 'string' ? error.type : null,
      typeof error.fbtrace_id === 'string' ? error.fbtrace_id : null,
      typeof error.error_data?.details === 'string' ? error.error_data.details : null,
    );
  }

  /** The token no longer works (190, or an OAuthException on a 401). */
  get tokenExpired(): boolean {
    return this.code === GraphErrorCode.ACCESS_TOKEN_EXPIRED || (this.httpStatus === 401 && this.type === 'OAuthException');
  }

  /** Throughput limits of the number or the app: the same request succeeds later. */
  get rateLimited(): boolean {
    return (
      this.code === GraphErrorCode.RATE_LIMIT_HIT ||
      this.code === GraphErrorCode.API_TOO_MANY_CALLS ||
      this.code === GraphErrorCode.SPAM_RATE_LIMIT
    );
  }

  get pairRateLimited(): boolean {
    return this.code === GraphErrorCode.PAIR_RATE_LIMIT;
  }

  /** `code: message` as shown to the admin beside a refused connection or on a failed message. */
  get summary(): string {
    return `${this.code}: ${this.message}`.slice(0, 500);
  }
}

/** The Graph API could not be reached, or answered something that is not JSON where JSON was due. */
export class MetaGraphUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MetaGraphUnreachableError';
  }
}
