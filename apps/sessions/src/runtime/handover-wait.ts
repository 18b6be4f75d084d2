import { AppError, ErrorCode } from '@atrium/contracts';

/** How often a held command asks again for its session's new owner. */
const RETRY_EVERY_MS = 200;

/**
 * An answer that proves the command did not run: no replica runs the session (NO_OWNER), or its
 * replica runs it but it is not connected (refused before the driver was called, or the driver's
 * own "not connected"). Anything else (a timeout above all) may have run and is never retried.
 */
function notRun(error: unknown): boolean {
  return error instanceof AppError && error.code === ErrorCode.ERR_WAPP_NOT_INITIALIZED;
}

/**
 * Holds an outbound command while its session moves between replicas (rebalance, graceful
 * shutdown, takeover of a dead replica): `attempt` is tried again, every RETRY_EVERY_MS, as long
 * as it failed without running and `isMoving` says the session should be running (wanted and last
 * seen connected), for at most `waitMs`; then the last error stands. The command itself (its
 * newMessageId included) is sent unchanged each time, and only an answer proving it did not run
 * is retried, so it runs once at most. Commands held here can be awaited with `drained`
 * (a replica leaving finishes routing them before its NATS connection closes).
 */
export class HandoverWait {
  private readonly held = new Set<Promise<unknown>>();

  constructor(private readonly waitMs: number) {}

  run<T>(attempt: (remainingMs: number) => Promise<T>, isMoving: () => Promise<boolean>, budgetMs: number): Promise<T> {
    const holding = this.hold(attempt, isMoving, budgetMs);
    const tracked = holding.catch(() => undefined);
    this.held.add(tracked);
    void tracked.finally(() => this.held.delete(tracked));
    return holding;
  }

  /** Resolves once no command is held here any more. */
  async drained(): Promise<void> {
    while (this.held.size > 0) await Promise.allSettled([...this.held]);
  }

  private async hold<T>(attempt: (remainingMs: number) => Promise<T>, isMoving: () => Promise<boolean>, budgetMs: number): Promise<T> {
    const started = Date.now();
    const waitUntil = started + Math.min(this.waitMs, budgetMs);
    for (;;) {
      try {
        return await attempt(budgetMs - (Date.now() - started));
      } catch (error) {
        if (!notRun(error) || Date.now() >= waitUntil || !(await isMoving().catch(() => false))) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_EVERY_MS, Math.max(0, waitUntil - Date.now()))));
    }
  }
}
