import type { Logger } from '@atrium/logging';
import { hubSignature } from '@atrium/channel';

export interface DeliveryOptions {
  /** Deliver the same body this many extra times (Meta's duplicates). */
  duplicates?: number;
  /** Attempts in all when the receiver fails (Meta retries with back-off). */
  attempts?: number;
  /** `none`: no signature header; `wrong`: signed with another secret. */
  signature?: 'valid' | 'none' | 'wrong';
}

export interface DeliveryRecord {
  url: string;
  status: number | null;
  attempt: number;
  at: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts webhooks as Meta does: JSON body, `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the
 * bytes with the app secret>`, retried with back-off while the receiver does not answer 2xx.
 */
export class WebhookSender {
  readonly log: DeliveryRecord[] = [];

  constructor(
    private readonly logger: Logger,
    private readonly retryBaseMs = 500,
  ) {}

  /** Resolves with the last HTTP status of the first copy (after its retries). */
  async deliver(url: string, appSecret: string, payload: unknown, options: DeliveryOptions = {}): Promise<number | null> {
    const body = Buffer.from(JSON.stringify(payload), 'utf8');
    const copies = 1 + (options.duplicates ?? 0);
    let first: number | null = null;
    for (let copy = 0; copy < copies; copy += 1) {
      const status = await this.attempt(url, appSecret, body, options);
      if (copy === 0) first = status;
    }
    return first;
  }

  private async attempt(url: string, appSecret: string, body: Buffer, options: DeliveryOptions): Promise<number | null> {
    const attempts = options.attempts ?? 5;
    let status: number | null = null;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.signature !== 'none')
        headers['x-hub-signature-256'] = hubSignature(body, options.signature === 'wrong' ? `${appSecret}-wrong` : appSecret);
      try {
        const response = await fetch(url, { method: 'POST', headers, body: new Uint8Array(body), signal: AbortSignal.timeout(20_000) });
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        this.logger.warn({ err: error, url, attempt }, 'webhook delivery failed');
        status = null;
      }
      this.log.push({ url, status, attempt, at: Date.now() });
      if (this.log.length > 10_000) this.log.splice(0, this.log.length - 10_000);
      // Meta retries failures, not refusals of the signature (those would fail again)
      if (status !== null && (status < 500 || status === 501)) return status;
      if (attempt < attempts) await sleep(this.retryBaseMs * 2 ** (attempt - 1));
    }
    return status;
  }
}
