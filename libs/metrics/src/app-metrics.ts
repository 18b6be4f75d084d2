import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets (seconds) of every duration histogram: 5 ms to 30 s. */
export const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface AppMetricsOptions {
  /** prom-client's process and Node.js metrics (event-loop lag, heap, GC, CPU); default true. */
  defaultMetrics?: boolean;
}

type Labels<L extends string> = readonly L[];

/** Sets a gauge's series at scrape time. */
export type Collector<L extends string> = (gauge: Gauge<L>) => void | Promise<void>;

/**
 * One app's Prometheus registry: every series carries the label `app`, and the process and
 * Node.js metrics come with it. One per app, not per process (tests boot several apps in one
 * process). Families are created on first use and shared after (`histogram`, `gauge`,
 * `counter` answer the existing family of that name), so the code that records a metric and the
 * code that samples it need not know which of them came first. The names are those of
 * families.ts.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly collectors = new Map<string, Collector<string>[]>();

  constructor(
    readonly app: string,
    options: AppMetricsOptions = {},
  ) {
    this.registry.setDefaultLabels({ app });
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  histogram<L extends string>(name: string, help: string, labelNames: Labels<L>, buckets = DURATION_BUCKETS_SECONDS): Histogram<L> {
    return this.existing<Histogram<L>>(name) ?? new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  counter<L extends string>(name: string, help: string, labelNames: Labels<L>): Counter<L> {
    return this.existing<Counter<L>>(name) ?? new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /**
   * A gauge. Each `collect` given (by any caller, e.g. one per queue or pool) runs at every
   * scrape, after the gauge was reset: samplers add their series (`set` theirs, or `inc` a shared
   * one), and a source that could not be sampled leaves no stale series behind.
   */
  gauge<L extends string>(name: string, help: string, labelNames: Labels<L>, collect?: Collector<L>): Gauge<L> {
    if (collect) this.collectorsOf(name).push(collect as Collector<string>);
    const existing = this.existing<Gauge<L>>(name);
    if (existing) return existing;
    const collectors = this.collectorsOf(name);
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect(this: Gauge<L>) {
        if (collectors.length === 0) return;
        this.reset();
        for (const run of collectors) await run(this as Gauge<string>);
      },
    });
  }

  /** The exposition (text format 0.0.4). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private collectorsOf(name: string): Collector<string>[] {
    let list = this.collectors.get(name);
    if (!list) this.collectors.set(name, (list = []));
    return list;
  }

  private existing<M>(name: string): M | undefined {
    return this.registry.getSingleMetric(name) as M | undefined;
  }
}

/**
 * A sample taken at scrape time and reused for `ttlMs` (several scrapers, or a dashboard's burst
 * of queries, cost one look-up). Answers undefined when the look-up failed (its dependency is
 * down, or it took longer than `timeoutMs`): the collector then reports no series rather than a
 * stale one, and the scrape still answers in time.
 */
export function cachedSample<T>(take: () => Promise<T>, ttlMs = 2_000, timeoutMs = 1_000): () => Promise<T | undefined> {
  let last: { at: number; value: T | undefined } | undefined;
  let pending: Promise<T | undefined> | undefined;
  return () => {
    if (last && Date.now() - last.at < ttlMs) return Promise.resolve(last.value);
    pending ??= withTimeout(take(), timeoutMs)
      .catch(() => undefined)
      .then((value) => {
        last = { at: Date.now(), value };
        pending = undefined;
        return value;
      });
    return pending;
  };
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
  work.catch(() => undefined); // a look-up that fails after the deadline is not an unhandled rejection
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Seconds since `startedAt` (a `process.hrtime.bigint()` reading). */
export function secondsSince(startedAt: bigint): number {
  return Number(process.hrtime.bigint() - startedAt) / 1e9;
}
