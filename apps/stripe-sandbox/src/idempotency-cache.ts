import { BoundedMap } from './bounded-map.js';
import { StripeError } from './stripe-error.js';

/** Stripe keeps idempotent results for 24 hours. */
const KEEP_MS = 24 * 3600 * 1000;
const MAX_KEY_LENGTH = 255;

export interface SavedResponse {
  endpoint: string;
  params: string;
  status: number;
  body: string;
  requestId: string;
  savedAt: number;
}

/**
 * Idempotency-Key semantics of Stripe's POST requests: the first result of a key is saved and
 * replayed for the same endpoint and parameters; the same key with other parameters or on
 * another endpoint is an `idempotency_error` (400).
 */
export class IdempotencyCache {
  private readonly saved: BoundedMap<string, SavedResponse>;

  constructor(limit: number) {
    this.saved = new BoundedMap(limit);
  }

  /** The saved response to replay, or undefined when the key is new (or expired). */
  lookup(key: string, endpoint: string, params: string, now = Date.now()): SavedResponse | undefined {
    if (key.length > MAX_KEY_LENGTH) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters long.`,
        undefined,
        undefined,
        false,
      );
    }
    const saved = this.saved.get(key);
    if (!saved) return undefined;
    if (now - saved.savedAt > KEEP_MS) {
      this.saved.delete(key);
      return undefined;
    }
    if (saved.endpoint !== endpoint) {
      throw new StripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        undefined,
        undefined,
        false,
      );
    }
    if (saved.params !== params) {
      throw new StripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        undefined,
        undefined,
        false,
      );
    }
    return saved;
  }

  save(key: string, response: Omit<SavedResponse, 'savedAt'>, now = Date.now()): void {
    this.saved.set(key, { ...response, savedAt: now });
  }
}
