import type { Logger } from '@atrium/logging';
import { bullmqJobDuration, bullmqQueueJobs, cachedSample, type AppMetrics } from '@atrium/metrics';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { JobRunCounters, type JobMetrics } from './job-metrics.js';
import type { JobPayloads } from './job-names.js';

/** How a job is retried, then dead-lettered. */
export interface JobPolicy {
  /** Runs in all, the first included; after the last failure the job is a dead letter. */
  attempts: number;
  /** Wait before a retry: fixed, or doubling from `delayMs` each attempt. */
  backoff: { type: 'fixed' | 'exponential'; delayMs: number };
}

export const DEFAULT_JOB_POLICY: JobPolicy = { attempts: 5, backoff: { type: 'exponential', delayMs: 1_000 } };

/** What a handler knows of its run besides the payload. */
export interface JobRun {
  id: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** Aborted when the process stops and the run did not finish in time (the job goes back to the queue). */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, run: JobRun) => Promise<void>;

export interface AddJobOptions {
  /**
   * The job's id: adding a job whose id the queue still holds (waiting, delayed, running, or
   * finished within the retention) adds nothing. Letters, digits, `-`, `_`, `.`; e.g.
   * `schedule-42`. Without one, every add is a new job.
   */
  id?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export type RepeatEvery = { everyMs: number } | { cron: string; timeZone?: string };

export interface DeadLetter {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  reason: string;
  failedAt: Date | undefined;
}

export interface JobQueueOptions<TMap> {
  /** The queue's name; a service's jobs share one queue (its name by default, see JobsModule). */
  queue: string;
  redisUrl: string;
  /** Key prefix (the service's REDIS_PREFIX; tests isolate by it). */
  redisPrefix: string;
  logger: Logger;
  /** Per job name; the rest use DEFAULT_JOB_POLICY. */
  policies?: { [N in keyof TMap]?: JobPolicy };
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** On stop, how long running jobs may take to finish before they go back to the queue. */
  stopTimeoutMs?: number;
  /** The app's metrics: bullmq_queue_jobs (sampled at scrape) and bullmq_job_duration_seconds. */
  metrics?: AppMetrics;
}

/** The states reported in bullmq_queue_jobs. */
const REPORTED_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A finished job's id is kept this long, refusing a duplicate; dead letters this long. */
const KEEP_COMPLETED_SECONDS = 24 * 3600;
const KEEP_FAILED_SECONDS = 30 * 24 * 3600;

/**
 * A service's BullMQ queue: `add` and `repeat` enqueue typed jobs, `on` registers the handler of
 * a job name (before start), `start` runs a worker when this process handles any, `stop` lets
 * running jobs finish (or hands them back to the queue after stopTimeoutMs) and `close` releases
 * Redis. Failed runs are retried by the job's policy; after the last attempt the job stays in the
 * queue's failed set as a dead letter (`deadLetters`, `retryDeadLetter`). `metrics` gives counts
 * and run times for an exporter.
 */
export class JobQueue<TMap extends object = JobPayloads> {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private readonly prefix: string;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly running = new Map<string, { job: Job; token: string }>();
  private readonly counters = new JobRunCounters();
  private worker?: Worker;
  private readonly jobDuration?: ReturnType<typeof bullmqJobDuration>;

  constructor(private readonly options: JobQueueOptions<TMap>) {
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (error) => options.logger.warn({ err: error }, 'jobs: redis connection error'));
    this.prefix = `${options.redisPrefix}bull`;
    this.queue = new Queue(options.queue, { connection: this.connection, prefix: this.prefix });
    if (options.metrics) {
      this.jobDuration = bullmqJobDuration(options.metrics);
      const counts = cachedSample(async () => (await this.metrics()).counts);
      bullmqQueueJobs(options.metrics, async (gauge) => {
        const sampled = await counts();
        if (sampled) for (const state of REPORTED_STATES) gauge.set({ queue: options.queue, state }, sampled[state]);
      });
    }
  }

  /** Enqueues a job; answers its id (the existing job's when `id` is already queued). */
  async add<N extends keyof TMap & string>(name: N, payload: TMap[N], options: AddJobOptions = {}): Promise<string> {
    if (options.id !== undefined && !/^[A-Za-z0-9_.-]+$/.test(options.id)) throw new Error(`invalid job id ${options.id}`);
    const job = await this.queue.add(name, payload, { ...this.jobOptions(name), jobId: options.id, delay: options.delayMs });
    return job.id!;
  }

  /**
   * Runs `name` on a schedule (every N ms or a cron pattern) until `stopRepeating(key)`; setting it
   * again replaces it. A run that completed is not kept (its schedule names it, and a schedule of
   * a few hundred ms would keep a day of runs); a failed one is, as a dead letter.
   */
  async repeat<N extends keyof TMap & string>(key: string, name: N, payload: TMap[N], every: RepeatEvery): Promise<void> {
    const repeat = 'everyMs' in every ? { every: every.everyMs } : { pattern: every.cron, tz: every.timeZone };
    await this.queue.upsertJobScheduler(key, repeat, { name, data: payload, opts: { ...this.jobOptions(name), removeOnComplete: true } });
  }

  async stopRepeating(key: string): Promise<void> {
    await this.queue.removeJobScheduler(key);
  }

  /** Registers the handler of a job name in this process (one per name), before start. */
  on<N extends keyof TMap & string>(name: N, handler: JobHandler<TMap[N]>): void {
    if (this.handlers.has(name)) throw new Error(`a handler of ${name} is already registered`);
    this.handlers.set(name, handler as JobHandler<never>);
  }

  /** The job names this process has handlers of (what its worker runs). */
  handledJobs(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /** Starts the worker, when this process handles any job. */
  async start(): Promise<void> {
    if (this.handlers.size === 0 || this.worker) return;
    const worker = new Worker(this.options.queue, (job, token, signal) => this.run(job, token!, signal), {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: this.options.concurrency ?? 4,
      autorun: false,
    });
    worker.on('completed', (job) => {
      const started = job.processedOn ?? Date.now();
      this.counters.completed(job.name, (job.finishedOn ?? Date.now()) - started, started - (job.timestamp + (job.opts.delay ?? 0)));
      this.jobDuration?.observe({ queue: this.options.queue, outcome: 'completed' }, ((job.finishedOn ?? Date.now()) - started) / 1000);
    });
    worker.on('failed', (job, error) => {
      if (!job) return;
      const final = job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === 'UnrecoverableError';
      this.counters.failed(job.name, final);
      if (job.processedOn)
        this.jobDuration?.observe(
          { queue: this.options.queue, outcome: 'failed' },
          ((job.finishedOn ?? Date.now()) - job.processedOn) / 1000,
        );
      const log = { err: error, job: job.name, id: job.id, attempt: job.attemptsMade };
      if (final) this.options.logger.error(log, 'job failed for good: dead letter');
      else this.options.logger.warn(log, 'job failed: will be retried');
    });
    worker.on('error', (error) => this.options.logger.warn({ err: error }, 'jobs: worker error'));
    this.worker = worker;
    void worker.run();
    await worker.waitUntilReady();
  }

  /**
   * Takes no new job, lets the running ones finish; those still running after stopTimeoutMs go
   * back to the queue (another replica, or this one restarted, runs them again) and their
   * handlers' signal is aborted.
   */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const finished = worker.close().then(() => true);
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), this.options.stopTimeoutMs ?? 30_000).unref());
    if (await Promise.race([finished, timeout])) return;
    for (const { job, token } of this.running.values()) {
      await job
        .moveToWait(token)
        .catch((error: unknown) => this.options.logger.warn({ err: error, id: job.id }, 'jobs: job not handed back'));
      this.options.logger.warn({ job: job.name, id: job.id }, 'job still running at stop: handed back to the queue');
    }
    worker.cancelAllJobs('stopping');
    await worker.close(true);
  }

  /** Stops, then releases the Redis connection. */
  async close(): Promise<void> {
    await this.stop();
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }

  async deadLetters(limit = 100): Promise<DeadLetter[]> {
    const jobs = await this.queue.getFailed(0, limit - 1);
    return jobs.map((job) => ({
      id: job.id!,
      name: job.name,
      payload: job.data,
      attempts: job.attemptsMade,
      reason: job.failedReason,
      failedAt: job.finishedOn ? new Date(job.finishedOn) : undefined,
    }));
  }

  /** Puts a dead letter back in the queue for a fresh set of attempts. */
  async retryDeadLetter(id: string): Promise<void> {
    const job = await this.queue.getJob(id);
    if (!job) throw new Error(`no job ${id}`);
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
  }

  /** A job's state: waiting, delayed, active, completed, failed, or unknown when gone. */
  async stateOf(id: string): Promise<string> {
    return this.queue.getJobState(id);
  }

  async metrics(): Promise<JobMetrics> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized');
    return {
      queue: this.options.queue,
      counts: {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        completed: counts.completed ?? 0,
      },
      byName: this.counters.snapshot(),
    };
  }

  private jobOptions(name: string) {
    const policy = (this.options.policies as Record<string, JobPolicy | undefined> | undefined)?.[name] ?? DEFAULT_JOB_POLICY;
    return {
      attempts: policy.attempts,
      backoff: { type: policy.backoff.type, delay: policy.backoff.delayMs },
      removeOnComplete: { age: KEEP_COMPLETED_SECONDS },
      removeOnFail: { age: KEEP_FAILED_SECONDS },
    };
  }

  private async run(job: Job, token: string, signal: AbortSignal | undefined): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`no handler of ${job.name} in this process`);
    this.running.set(job.id!, { job, token });
    try {
      await handler(job.data as never, { id: job.id!, attempt: job.attemptsMade + 1, signal: signal ?? new AbortController().signal });
    } finally {
      this.running.delete(job.id!);
    }
  }
}
