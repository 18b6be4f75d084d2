/**
 * How many sessions a rebalance may hand over now: a token bucket filled at `perMinute`, holding
 * at most one sweep's worth (`sweepMs`, at least one token), so handovers never exceed
 * `perMinute` over any minute plus that burst. `perMinute` 0 never allows one.
 */
export class HandoverBudget {
  private tokens = 0;

  constructor(
    private readonly perMinute: number,
    private readonly sweepMs: number,
    private filledAt: number,
  ) {}

  /** Handovers allowed at `now` (whole ones); spend what was used with `spend`. */
  available(now: number): number {
    const burst = Math.max(1, (this.perMinute * this.sweepMs) / 60_000);
    this.tokens = Math.min(burst, this.tokens + (Math.max(0, now - this.filledAt) * this.perMinute) / 60_000);
    this.filledAt = now;
    return Math.floor(this.tokens);
  }

  spend(handovers: number): void {
    this.tokens -= handovers;
  }
}
