import { READ_MODEL_PAGE_SIZE } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';

/**
 * Every record of an owner's `refs` subject, as the pages it answered (ids ascending; a short page
 * is the last): a page is also a good size for one upsert statement.
 */
export async function allPages<T extends { id: number }>(page: (afterId: number) => Promise<T[]>): Promise<T[][]> {
  const pages: T[][] = [];
  for (let afterId = 0; ;) {
    const rows = await page(afterId);
    pages.push(rows);
    if (rows.length < READ_MODEL_PAGE_SIZE) return pages;
    afterId = rows[rows.length - 1]!.id;
  }
}

export interface ReadModelReconciliationOptions {
  /** The read model, for the logs (`user_refs`). */
  name: string;
  /** Asks the owner for its full set and applies it; throws when the owner does not answer. */
  reconcile: () => Promise<void>;
  logger: Logger;
  /** Delay before the second attempt; doubles with each failure up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/**
 * A read model's reconciliation when its service starts (libs/contracts read-models.ts): events
 * keep a read model current, this corrects what they could not (a copy that drifted, events
 * older than the stream keeps). It runs once the service has started, without holding its start
 * up; an owner that does not answer yet is asked again after a growing delay until it answers or
 * the service stops. Every replica runs it on its start: the work is an idempotent upsert.
 */
export class ReadModelReconciliation {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(private readonly options: ReadModelReconciliationOptions) {}

  /** Starts the first attempt (in the background) and resolves at once. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt(1);
  }

  /** No further attempt; the one in progress finishes (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private attempt(attempt: number): void {
    const { name, logger } = this.options;
    const startedAt = Date.now();
    this.running = this.options.reconcile().then(
      () => logger.info({ readModel: name, attempt, ms: Date.now() - startedAt }, 'read model reconciled with its owner'),
      (error: unknown) => {
        if (this.stopped) return;
        const delayMs = Math.min(this.options.maxRetryMs ?? 60_000, (this.options.firstRetryMs ?? 1_000) * 2 ** (attempt - 1));
        logger.warn(
          { err: error, readModel: name, attempt, retryInMs: delayMs },
          'read model not reconciled: asking its owner again later',
        );
        this.timer = setTimeout(() => this.attempt(attempt + 1), delayMs);
        this.timer.unref();
      },
    );
  }
}
