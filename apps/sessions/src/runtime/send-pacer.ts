import { AppError, ErrorCode } from '@atrium/contracts';

/**
 * Paces one number's sends, one at a time in arrival order, so a burst (a campaign, a bot loop)
 * cannot get the number banned:
 *  - every send starts at least the number's own `minGapMs` after the previous one started;
 *  - a send that asks for a gap of its own (a campaign's pace) starts at least that long after the
 *    previous send *completed* (its driver call resolved: WhatsApp, or the sandbox, had taken it).
 *    The previous message arrived before that, and this one arrives after it starts, so the
 *    recipient side sees the two at least the asked gap apart whatever the path's jitter; the
 *    pace is slower than asked only by the driver call's own time.
 * At most `maxQueue` sends wait; beyond that a send fails at once rather than waiting for minutes.
 */
export class SendPacer {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private lastEnd = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly minGapMs: number,
    private readonly maxQueue: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * A number whose driver paces its sends itself (Cloud API: Meta's per-number and per-customer
   * limits, sends to different customers in flight together): at most `maxQueue` sends at once, no gap.
   */
  static driverPaced(maxQueue: number): SendPacer {
    return new DriverPacedSends(maxQueue);
  }

  get queued(): number {
    return this.waiting;
  }

  /** Runs `work` at its turn; `minGapMs` asks this send to keep that gap after the previous send completed (a campaign's pace). */
  run<T>(work: () => Promise<T>, minGapMs = 0): Promise<T> {
    if (this.waiting >= this.maxQueue)
      return Promise.reject(new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, { data: { reason: 'send queue full' } }));
    this.waiting += 1;
    const turn = this.tail.then(async () => {
      const due = Math.max(this.lastStart + this.minGapMs, minGapMs > 0 ? this.lastEnd + minGapMs : Number.NEGATIVE_INFINITY);
      // a timer may fire up to a few ms early (Node counts from the event loop's cached clock): wait again for the rest
      for (let wait = due - this.now(); wait > 0; wait = due - this.now())
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
      this.lastStart = this.now();
      this.waiting -= 1;
      try {
        return await work();
      } finally {
        // a failed send may have reached the recipient too (an answer lost on the way back)
        this.lastEnd = this.now();
      }
    });
    // The next send waits for this one to complete, successfully or not.
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}

class DriverPacedSends extends SendPacer {
  private inFlight = 0;

  constructor(private readonly limit: number) {
    super(0, limit);
  }

  override get queued(): number {
    return this.inFlight;
  }

  override run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.limit)
      return Promise.reject(new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, { data: { reason: 'send queue full' } }));
    this.inFlight += 1;
    return work().finally(() => {
      this.inFlight -= 1;
    });
  }
}
