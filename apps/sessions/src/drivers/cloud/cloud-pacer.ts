import { MetaGraphError, reconnectDelay, type BackoffOptions } from '@atrium/channel';

export interface CloudPaceSettings {
  /** The number's throughput (Meta: 80 per second by default). */
  messagesPerSecond: number;
  /** Meta's pair rate limit: one message per this interval to the same customer after a burst of `pairBurst`. */
  pairIntervalMs: number;
  pairBurst: number;
  /** Attempts of a send Meta throttles (130429, 131056) before it fails with Meta's error. */
  attempts: number;
  /** Waits between those attempts (exponential with jitter). */
  backoff: BackoffOptions;
  /**
   * How long a send may take from the moment it was asked, queue and retries included: a retry
   * that would start later fails the send with Meta's error instead, so the caller (who waits
   * OUTBOUND_COMMAND_TIMEOUT_MS for the answer) hears the failure rather than a timeout while the
   * send might still go out behind its back.
   */
  retryBudgetMs: number;
}

/** A customer's token bucket for the pair rate limit, and the chain that keeps their messages in order. */
interface Recipient {
  tokens: number;
  refilledAt: number;
  tail: Promise<unknown>;
  pausedUntil: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.ceil(ms))));

/**
 * Paces one Cloud API number's sends to Meta's limits (issue 26):
 *  - the number's throughput: send starts at least 1000/messagesPerSecond ms apart (sends to
 *    different customers overlap: Meta's latency does not lower the pace);
 *  - the pair rate limit: a customer gets a burst of `pairBurst`, then one message per
 *    `pairIntervalMs`; a customer's messages go one after another, in order;
 *  - Meta's throttling answers: 130429 (number) pauses every send of the number, 131056 (pair)
 *    that customer's, and the send is made again after a back-off. A throttled request was not
 *    accepted by Meta, so retrying it sends the message once; any other answer ends the send, and
 *    so does a retry that would fall beyond the send's retry budget (the caller hears the failure).
 */
export class CloudPacer {
  private readonly gapMs: number;
  private nextSlot = 0;
  private numberPausedUntil = 0;
  private readonly recipients = new Map<string, Recipient>();
  /** Throttling answers met and retried (bench and metrics). */
  throttled = 0;

  constructor(
    private readonly settings: CloudPaceSettings,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.gapMs = 1000 / settings.messagesPerSecond;
  }

  /** Runs `send` to `recipient` at its turn, retrying Meta's throttling. */
  run<T>(recipient: string, send: () => Promise<T>): Promise<T> {
    const customer = this.recipient(recipient);
    const askedAt = this.now();
    const turn = customer.tail.then(() => this.attempt(customer, send, askedAt));
    customer.tail = turn.catch(() => undefined);
    return turn;
  }

  private async attempt<T>(customer: Recipient, send: () => Promise<T>, askedAt: number): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      await this.takePairToken(customer);
      await this.takeSlot();
      try {
        return await send();
      } catch (error) {
        const throttled = error instanceof MetaGraphError && (error.rateLimited || error.pairRateLimited);
        if (!throttled || attempt + 1 >= this.settings.attempts) throw error;
        const until = this.now() + reconnectDelay(attempt, this.settings.backoff);
        if (until - askedAt > this.settings.retryBudgetMs) throw error;
        this.throttled += 1;
        if (error.pairRateLimited) customer.pausedUntil = Math.max(customer.pausedUntil, until);
        else this.numberPausedUntil = Math.max(this.numberPausedUntil, until);
      }
    }
  }

  /** The next start slot of the number (after any pause Meta asked for). */
  private async takeSlot(): Promise<void> {
    for (;;) {
      const now = this.now();
      const slot = Math.max(now, this.nextSlot, this.numberPausedUntil);
      if (slot <= now) {
        this.nextSlot = now + this.gapMs;
        return;
      }
      await sleep(slot - now);
    }
  }

  private async takePairToken(customer: Recipient): Promise<void> {
    for (;;) {
      const now = this.now();
      if (this.settings.pairIntervalMs > 0) {
        const refill = (now - customer.refilledAt) / this.settings.pairIntervalMs;
        customer.tokens = Math.min(this.settings.pairBurst, customer.tokens + refill);
      } else customer.tokens = this.settings.pairBurst;
      customer.refilledAt = now;
      const pause = customer.pausedUntil - now;
      if (pause > 0) {
        await sleep(pause);
        continue;
      }
      if (customer.tokens >= 1) {
        customer.tokens -= 1;
        return;
      }
      await sleep((1 - customer.tokens) * this.settings.pairIntervalMs);
    }
  }

  private recipient(id: string): Recipient {
    let customer = this.recipients.get(id);
    if (!customer) {
      customer = { tokens: this.settings.pairBurst, refilledAt: this.now(), tail: Promise.resolve(), pausedUntil: 0 };
      this.recipients.set(id, customer);
      // a bounded map: customers idle for long are forgotten (their bucket is full again by then)
      if (this.recipients.size > 50_000) this.forgetIdle();
    }
    return customer;
  }

  private forgetIdle(): void {
    const horizon = this.now() - this.settings.pairIntervalMs * this.settings.pairBurst;
    for (const [id, customer] of this.recipients) if (customer.refilledAt < horizon) this.recipients.delete(id);
  }
}
