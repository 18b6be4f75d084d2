/**
 * An error answered the way Stripe answers it: HTTP status plus
 * `{ "error": { "type", "code"?, "message", "param"?, "doc_url"? } }`.
 *
 * `replayable` follows Stripe's idempotency rule: only a request whose endpoint started executing
 * saves its result under the Idempotency-Key; one refused while its parameters were read (or
 * its key checked) saves nothing and may be retried with the same key.
 */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly replayable = true,
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        ...(this.code ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        type: this.type,
      },
    };
  }
}

/** A parameter refused before the endpoint ran (not saved under the Idempotency-Key). */
export function invalidParam(param: string, message: string, code = 'parameter_invalid_string'): StripeError {
  return new StripeError(400, 'invalid_request_error', message, code, param, false);
}

export function missingParam(param: string): StripeError {
  return new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param, false);
}

/** `No such payment_intent: 'pi_123'` (404). */
export function resourceMissing(objectName: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, 'invalid_request_error', `No such ${objectName}: '${id}'`, 'resource_missing', param, false);
}

/** An operation the object's state does not allow (e.g. cancelling a succeeded PaymentIntent). */
export function unexpectedState(message: string, code = 'payment_intent_unexpected_state'): StripeError {
  return new StripeError(400, 'invalid_request_error', message, code);
}
