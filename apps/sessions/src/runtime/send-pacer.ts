import { AppError, ErrorCode } from '@atrium/contracts';

/**
 * Paces one number's sends: each starts at least `minGapMs` after the previous one started, in
 * arrival order, so a burst (a campaign, a bot loop) cannot get the number banned. At most
 * `maxQueue` sends wait; beyond that a send fails at once rather than waiting for minutes.
 */
export class SendPacer {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private lastStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly minGapMs: number,
    private readonly maxQueue: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get queued(): number {
    return this.waiting;
  }

  /** Runs `work` at its turn; `minGapMs` asks a longer gap after the previous start than the number's own (a campaign's pace). */
  run<T>(work: () => Promise<T>, minGapMs = 0): Promise<T> {
    if (this.waiting >= this.maxQueue) return Promise.reject(new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, { data: { reason: 'send queue full' } }));
    this.waiting += 1;
    const turn = this.tail.then(async () => {
      const due = this.lastStart + Math.max(this.minGapMs, minGapMs);
      // a timer may fire up to a few ms early (Node counts from the event loop's cached clock): wait again for the rest
      for (let wait = due - this.now(); wait > 0; wait = due - this.now()) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
      this.lastStart = this.now();
      this.waiting -= 1;
      return work();
    });
    // The next send waits for this one to start its turn, not to succeed.
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}
