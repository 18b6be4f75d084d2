import { AppError, ErrorCode } from '@atrium/contracts';

/** How often a held command asks again for its session's new owner. */
const RETRY_EVERY_MS = 200;

/** Marks an ERR_WAPP_NOT_INITIALIZED given before the command reached a driver. */
const NOT_SENT = { notSent: true };

/** ERR_WAPP_NOT_INITIALIZED for a command that reached no driver (no replica runs the session, or it is not connected there). */
export function notSentError(): AppError {
  return new AppError(ErrorCode.ERR_WAPP_NOT_INITIALIZED, { data: NOT_SENT });
}

/**
 * An answer after which running the command again cannot run it twice: it reached no driver
 * (notSentError), or it carries its own WhatsApp id (newMessageId: a send repeated with its id is
 * the message sent before) and the driver said "not connected" (a session closed under a send in
 * flight may have sent it). Anything else (a timeout above all) may have run and is not retried.
 */
function safeToRetry(error: unknown, idempotent: boolean): boolean {
  if (!(error instanceof AppError) || error.code !== ErrorCode.ERR_WAPP_NOT_INITIALIZED) return false;
  return idempotent || (error.data as typeof NOT_SENT | undefined)?.notSent === true;
}

/**
 * Holds an outbound command while its session moves between replicas (rebalance, graceful
 * shutdown, takeover of a dead replica): `attempt` is tried again, every RETRY_EVERY_MS, as long
 * as it failed in a way safe to retry (safeToRetry) and `isMoving` says the session should be running (wanted and last
 * seen connected), for at most `waitMs`; then the last error stands. The command itself (its
 * newMessageId included) is sent unchanged each time, so it runs once at most. Commands held here can be awaited with `drained`
 * (a replica leaving finishes routing them before its NATS connection closes).
 */
export class HandoverWait {
  private readonly held = new Set<Promise<unknown>>();

  constructor(private readonly waitMs: number) {}

  /** `idempotent`: the command carries its own WhatsApp id (newMessageId). */
  run<T>(
    attempt: (remainingMs: number) => Promise<T>,
    isMoving: () => Promise<boolean>,
    budgetMs: number,
    idempotent: boolean,
  ): Promise<T> {
    const holding = this.hold(attempt, isMoving, budgetMs, idempotent);
    const tracked = holding.catch(() => undefined);
    this.held.add(tracked);
    void tracked.finally(() => this.held.delete(tracked));
    return holding;
  }

  /** Resolves once no command is held here any more. */
  async drained(): Promise<void> {
    while (this.held.size > 0) await Promise.allSettled([...this.held]);
  }

  private async hold<T>(
    attempt: (remainingMs: number) => Promise<T>,
    isMoving: () => Promise<boolean>,
    budgetMs: number,
    idempotent: boolean,
  ): Promise<T> {
    const started = Date.now();
    const waitUntil = started + Math.min(this.waitMs, budgetMs);
    for (;;) {
      try {
        return await attempt(Math.max(1_000, budgetMs - (Date.now() - started)));
      } catch (error) {
        if (!safeToRetry(error, idempotent) || Date.now() >= waitUntil || !(await isMoving().catch(() => false))) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_EVERY_MS, Math.max(0, waitUntil - Date.now()))));
    }
  }
}
