/** Upper bounds (ms) of the histograms, Prometheus style (each bucket counts values <= its bound). */
export const DURATION_BUCKETS_MS = [10, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000] as const;

export interface JobNameMetrics {
  /** Runs that succeeded. */
  completed: number;
  /** Runs that threw (each retry counts). */
  failed: number;
  /** Jobs that failed their last attempt and wait in the dead letters. */
  deadLettered: number;
  /** Run time of completed runs (DURATION_BUCKETS_MS). */
  durationMs: Histogram;
  /** Wait of completed runs, from when the job was due (added, or its delay over) to its start. */
  waitMs: Histogram;
}

/** Count, sum and cumulative buckets (DURATION_BUCKETS_MS). */
export interface Histogram {
  count: number;
  sum: number;
  buckets: number[];
}

function emptyHistogram(): Histogram {
  return { count: 0, sum: 0, buckets: DURATION_BUCKETS_MS.map(() => 0) };
}

function observe(histogram: Histogram, value: number): void {
  histogram.count += 1;
  histogram.sum += value;
  DURATION_BUCKETS_MS.forEach((bound, index) => {
    if (value <= bound) histogram.buckets[index]! += 1;
  });
}

export interface JobMetrics {
  queue: string;
  /** Jobs in the queue now, by state (all replicas). */
  counts: { waiting: number; active: number; delayed: number; failed: number; completed: number };
  /** What this process ran since it started, by job name. */
  byName: Record<string, JobNameMetrics>;
}

/** Counters of one process's runs, by job name. */
export class JobRunCounters {
  private readonly byName = new Map<string, JobNameMetrics>();

  completed(name: string, durationMs: number, waitMs: number): void {
    const entry = this.entry(name);
    entry.completed += 1;
    observe(entry.durationMs, durationMs);
    observe(entry.waitMs, Math.max(0, waitMs));
  }

  failed(name: string, final: boolean): void {
    const entry = this.entry(name);
    entry.failed += 1;
    if (final) entry.deadLettered += 1;
  }

  snapshot(): Record<string, JobNameMetrics> {
    return Object.fromEntries([...this.byName].map(([name, entry]) => [name, structuredClone(entry)]));
  }

  private entry(name: string): JobNameMetrics {
    let entry = this.byName.get(name);
    if (!entry) {
      entry = { completed: 0, failed: 0, deadLettered: 0, durationMs: emptyHistogram(), waitMs: emptyHistogram() };
      this.byName.set(name, entry);
    }
    return entry;
  }
}

/** What one process did with the rows it leased from one table (ADR 020), since it started. */
export interface LeasedWorkMetrics {
  /** Rows leased. */
  claimed: number;
  /** Rows whose work finished and whose lease was released. */
  done: number;
  /** Runs that threw (the row is held back, then claimed again). */
  failed: number;
  /** Leases found taken by another replica at a heartbeat (this one had stalled past the lease). */
  leasesLost: number;
  /** Run time of finished rows (DURATION_BUCKETS_MS). */
  runMs: Histogram;
  /** From when a row's work became due to its claim. */
  waitMs: Histogram;
}

/** Counters of one leased-work loop (LeasedWork). */
export class LeasedWorkCounters {
  private readonly metrics: LeasedWorkMetrics = {
    claimed: 0,
    done: 0,
    failed: 0,
    leasesLost: 0,
    runMs: emptyHistogram(),
    waitMs: emptyHistogram(),
  };

  claimed(waitMs: number): void {
    this.metrics.claimed += 1;
    observe(this.metrics.waitMs, Math.max(0, waitMs));
  }

  done(runMs: number): void {
    this.metrics.done += 1;
    observe(this.metrics.runMs, runMs);
  }

  failed(): void {
    this.metrics.failed += 1;
  }

  leaseLost(): void {
    this.metrics.leasesLost += 1;
  }

  snapshot(): LeasedWorkMetrics {
    return structuredClone(this.metrics);
  }
}
