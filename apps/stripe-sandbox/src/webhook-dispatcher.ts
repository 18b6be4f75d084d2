import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import type { Logger } from '@atrium/logging';
import { BoundedMap } from './bounded-map.js';
import { newId, nowSeconds, randomToken } from './ids.js';
import type { SandboxEvent } from './stripe-account.js';

/** `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** fetch's "fetch failed" says little: its cause names what happened (ECONNREFUSED, a timeout…). */
function describeFailure(caught: unknown): string {
  const failure = caught as { name?: string; message?: string; cause?: { code?: string; message?: string } } | null;
  if (failure?.name === 'TimeoutError') return 'no answer in time';
  const cause = failure?.cause;
  return [failure?.message ?? String(caught), cause?.code ?? cause?.message].filter(Boolean).join(': ');
}

export function newWebhookSecret(): string {
  return `whsec_${randomToken(32)}`;
}

export interface DispatcherOptions {
  /** Delivery attempts per event and endpoint, the first included. */
  attempts: number;
  /** Delay before the first retry; each next one doubles, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A receiver that has not answered within this long failed the attempt. */
  timeoutMs: number;
  /** Attempts kept for GET /_sandbox/deliveries. */
  logLimit: number;
}

export interface DeliveryAttempt {
  event: string;
  type: string;
  endpoint: string;
  attempt: number;
  /** ISO time of the attempt. */
  at: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  error: string | null;
  delivered: boolean;
  /** `dropped`: the event was lost on purpose (POST /_sandbox/webhooks/drop); `gave-up`: last attempt failed. */
  outcome: 'delivered' | 'retrying' | 'gave-up' | 'dropped';
}

export interface EndpointInput {
  url: string;
  enabledEvents: string[];
  secret?: string;
  description?: string | null;
  metadata?: Record<string, string>;
  apiVersion?: string | null;
}

/**
 * Sends events to webhook endpoints the way Stripe does: a POST of the event's JSON signed with
 * each endpoint's secret, a new signature per attempt, and retries with exponential backoff
 * when the receiver answers anything but 2xx or cannot be reached (redirects count as failures).
 */
export class WebhookDispatcher {
  private readonly endpoints = new Map<string, Stripe.WebhookEndpoint>();
  private readonly secrets = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new AbortController();
  readonly log: BoundedMap<number, DeliveryAttempt>;
  /** Per event, the endpoints that have not acknowledged it yet (the event's `pending_webhooks`). */
  private readonly pending: BoundedMap<string, Set<string>>;
  private logSequence = 0;
  private toDrop = 0;
  private closed = false;

  constructor(
    private readonly options: DispatcherOptions,
    private readonly logger: Logger,
  ) {
    this.log = new BoundedMap(options.logLimit);
    this.pending = new BoundedMap(options.logLimit);
  }

  addEndpoint(input: EndpointInput): Stripe.WebhookEndpoint {
    const secret = input.secret ?? newWebhookSecret();
    const endpoint: Stripe.WebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: input.apiVersion ?? null,
      application: null,
      created: nowSeconds(),
      description: input.description ?? null,
      enabled_events: input.enabledEvents,
      livemode: false,
      metadata: input.metadata ?? {},
      status: 'enabled',
      url: input.url,
    };
    this.endpoints.set(endpoint.id, endpoint);
    this.secrets.set(endpoint.id, secret);
    // Stripe shows the secret once, in the answer to the creation.
    return { ...endpoint, secret };
  }

  endpoint(id: string): Stripe.WebhookEndpoint | undefined {
    return this.endpoints.get(id);
  }

  listEndpoints(): Stripe.WebhookEndpoint[] {
    return [...this.endpoints.values()].reverse();
  }

  deleteEndpoint(id: string): boolean {
    this.secrets.delete(id);
    return this.endpoints.delete(id);
  }

  /** The next `count` events are recorded but never sent (a webhook lost on the way). */
  dropNext(count: number): number {
    this.toDrop += count;
    return this.toDrop;
  }

  /**
   * Sends a new event to every enabled endpoint that wants its type. A dropped one (see
   * `dropNext`) stays pending for them, as a webhook that never arrived does.
   */
  dispatch(event: SandboxEvent): void {
    const targets = [...this.endpoints.values()].filter(
      (endpoint) =>
        endpoint.status === 'enabled' && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(event.type)),
    );
    this.pending.set(event.id, new Set(targets.map((endpoint) => endpoint.id)));
    event.pending_webhooks = targets.length;
    if (this.toDrop > 0) {
      this.toDrop -= 1;
      this.record(event, 'none', 0, null, 'dropped on purpose (POST /_sandbox/webhooks/drop)', 'dropped');
      return;
    }
    for (const endpoint of targets) void this.deliver(event, endpoint.id, 1);
  }

  /** Sends an event again now (to every endpoint, or one), as the dashboard's "Resend" does. */
  redeliver(event: SandboxEvent, endpointId?: string): number {
    const targets = endpointId ? [endpointId] : [...this.endpoints.keys()];
    for (const id of targets) void this.deliver(event, id, 1);
    return targets.length;
  }

  attemptsOf(eventId?: string): DeliveryAttempt[] {
    const attempts = [...this.log.values()];
    return eventId ? attempts.filter((attempt) => attempt.event === eventId) : attempts;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.inFlight.abort();
  }

  private async deliver(event: SandboxEvent, endpointId: string, attempt: number): Promise<void> {
    const endpoint = this.endpoints.get(endpointId);
    const secret = this.secrets.get(endpointId);
    if (this.closed || !endpoint || !secret) return;
    const payload = JSON.stringify(event, null, 2);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, secret),
        },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.any([this.inFlight.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = describeFailure(caught);
    }
    if (this.closed) return;
    const delivered = status !== null && status >= 200 && status < 300;
    if (delivered) {
      const waiting = this.pending.get(event.id);
      waiting?.delete(endpointId);
      event.pending_webhooks = waiting?.size ?? 0;
      this.record(event, endpointId, attempt, status, null, 'delivered');
      return;
    }
    error ??= `the endpoint answered ${status}`;
    if (attempt >= this.options.attempts) {
      this.record(event, endpointId, attempt, status, error, 'gave-up');
      this.logger.warn(
        { event: event.id, type: event.type, endpoint: endpoint.url, attempts: attempt, error },
        'webhook not delivered: giving up',
      );
      return;
    }
    this.record(event, endpointId, attempt, status, error, 'retrying');
    const delay = Math.min(this.options.retryBaseMs * 2 ** (attempt - 1), this.options.retryMaxMs);
    this.logger.info(
      { event: event.id, type: event.type, endpoint: endpoint.url, attempt, error, retryInMs: delay },
      'webhook delivery failed: will retry',
    );
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(event, endpointId, attempt + 1);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private record(
    event: SandboxEvent,
    endpoint: string,
    attempt: number,
    status: number | null,
    error: string | null,
    outcome: DeliveryAttempt['outcome'],
  ): void {
    this.logSequence += 1;
    this.log.set(this.logSequence, {
      event: event.id,
      type: event.type,
      endpoint,
      attempt,
      at: new Date().toISOString(),
      status,
      error,
      delivered: outcome === 'delivered',
      outcome,
    });
  }
}
