import { createLogger } from '@atrium/logging';
import { AppMetrics } from '@atrium/metrics';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { JobQueue, UnrecoverableError, type JobQueueOptions } from './index.js';

/** A test's own job names. */
interface TestJobs {
  'row.process': { rowId: number };
  'row.slow': { rowId: number; ms: number };
  'row.marker': { rowId: number };
}

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A promise resolved from outside. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('JobQueue (real Redis)', () => {
  const logger = createLogger({ service: 'test', level: 'silent' });
  const opened: JobQueue<TestJobs>[] = [];
  let redisPrefix = '';

  const queueOf = (options: Partial<JobQueueOptions<TestJobs>> = {}) => {
    const queue = new JobQueue<TestJobs>({ queue: 'jobs-test', redisUrl: REDIS_URL, redisPrefix, logger, concurrency: 1, ...options });
    opened.push(queue);
    return queue;
  };

  beforeEach(() => {
    redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('retries a failing job by its policy, then keeps it as a dead letter', async () => {
    const jobs = queueOf({ policies: { 'row.process': { attempts: 3, backoff: { type: 'fixed', delayMs: 20 } } } });
    const attempts: number[] = [];
    const third = signal();
    jobs.on('row.process', async (_payload, run) => {
      attempts.push(run.attempt);
      if (run.attempt === 3) third.resolve();
      throw new Error(`row busy (${run.attempt})`);
    });
    await jobs.start();
    const id = await jobs.add('row.process', { rowId: 1 }, { id: 'row-1' });
    await third.promise;
    for (let tries = 0; (await jobs.stateOf(id)) !== 'failed'; tries += 1) {
      if (tries > 100) throw new Error('the job never became a dead letter');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobs.deadLetters()).toEqual([
      expect.objectContaining({ id: 'row-1', name: 'row.process', payload: { rowId: 1 }, attempts: 3, reason: 'row busy (3)' }),
    ]);
    const metrics = await jobs.metrics();
    expect(metrics.counts.failed).toBe(1);
    expect(metrics.byName['row.process']).toMatchObject({ completed: 0, failed: 3, deadLettered: 1 });

    // a dead letter put back runs again, with a fresh set of attempts
    const retried = signal<number>();
    const again = queueOf({ policies: { 'row.process': { attempts: 3, backoff: { type: 'fixed', delayMs: 20 } } } });
    again.on('row.process', async (_payload, run) => retried.resolve(run.attempt));
    await jobs.stop();
    await again.start();
    await jobs.retryDeadLetter(id);
    expect(await retried.promise).toBe(1);
  });

  it('reports its depths by state and the durations of its runs in the app’s Prometheus registry', async () => {
    const metrics = new AppMetrics('jobs-test', { defaultMetrics: false });
    const jobs = queueOf({ metrics, policies: { 'row.process': { attempts: 1, backoff: { type: 'fixed', delayMs: 20 } } } });
    const ran = signal();
    let runs = 0;
    jobs.on('row.process', async ({ rowId }) => {
      runs += 1;
      if (runs === 2) ran.resolve();
      if (rowId === 2) throw new UnrecoverableError('bad row');
    });
    await jobs.add('row.process', { rowId: 1 });
    await jobs.add('row.process', { rowId: 2 });
    await jobs.add('row.process', { rowId: 3 }, { delayMs: 60_000 });
    await jobs.start();
    await ran.promise;
    /** A series' value (the family's get() samples the depths, cached 2 s); undefined when absent. */
    const valueOf = async (family: string, series: string, labels: Record<string, string>) => {
      const { values } = (await metrics.registry.getSingleMetric(family)!.get()) as {
        values: Array<{ value: number; labels: Record<string, unknown>; metricName?: string }>;
      };
      return values.find(
        (v) => (v.metricName ?? family) === series && Object.entries(labels).every(([key, value]) => v.labels[key] === value),
      )?.value;
    };
    const until = async (check: () => Promise<boolean>) => {
      for (let tries = 0; !(await check()); tries += 1) {
        if (tries > 200) throw new Error(`not reported: ${await metrics.text()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const finished = (outcome: string) =>
      valueOf('bullmq_job_duration_seconds', 'bullmq_job_duration_seconds_count', { queue: 'jobs-test', outcome });
    await until(async () => (await finished('completed')) === 1 && (await finished('failed')) === 1);
    const depth = (state: string) => valueOf('bullmq_queue_jobs', 'bullmq_queue_jobs', { queue: 'jobs-test', state });
    await until(async () => (await depth('failed')) === 1 && (await depth('active')) === 0);
    expect(await depth('delayed')).toBe(1);
    expect(await depth('waiting')).toBe(0);
  });

  it('does not retry a job that failed for good', async () => {
    const jobs = queueOf({ policies: { 'row.process': { attempts: 5, backoff: { type: 'fixed', delayMs: 20 } } } });
    let runs = 0;
    jobs.on('row.process', async () => {
      runs += 1;
      throw new UnrecoverableError('row deleted');
    });
    await jobs.start();
    const id = await jobs.add('row.process', { rowId: 2 });
    for (let tries = 0; (await jobs.stateOf(id)) !== 'failed'; tries += 1) {
      if (tries > 100) throw new Error('the job never failed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(runs).toBe(1);
    expect((await jobs.deadLetters())[0]).toMatchObject({ id, reason: 'row deleted' });
  });

  it('lets a running job finish on stop', async () => {
    const jobs = queueOf();
    const started = signal();
    let finished = false;
    jobs.on('row.slow', async ({ ms }) => {
      started.resolve();
      await new Promise((resolve) => setTimeout(resolve, ms));
      finished = true;
    });
    await jobs.start();
    const id = await jobs.add('row.slow', { rowId: 3, ms: 300 });
    await started.promise;
    await jobs.stop();
    expect(finished).toBe(true);
    expect(await jobs.stateOf(id)).toBe('completed');
  });

  it('hands a job still running after the stop timeout back to the queue, where another worker runs it', async () => {
    const jobs = queueOf({ stopTimeoutMs: 200 });
    const started = signal();
    let aborted = false;
    jobs.on('row.slow', async (_payload, run) => {
      started.resolve();
      await new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve()));
      aborted = true;
    });
    await jobs.start();
    const id = await jobs.add('row.slow', { rowId: 4, ms: 60_000 });
    await started.promise;
    await jobs.stop();
    expect(aborted).toBe(true);
    expect(await jobs.stateOf(id)).toBe('waiting');

    const rerun = signal<number>();
    const next = queueOf();
    next.on('row.slow', async (_payload, run) => rerun.resolve(run.attempt));
    await next.start();
    expect(await rerun.promise).toBe(1);
  });

  it('runs a delayed job no earlier than its delay', async () => {
    const jobs = queueOf();
    const ran = signal<number>();
    jobs.on('row.process', async () => ran.resolve(Date.now()));
    await jobs.start();
    const added = Date.now();
    const id = await jobs.add('row.process', { rowId: 5 }, { delayMs: 1_000 });
    expect(await jobs.stateOf(id)).toBe('delayed');
    expect((await ran.promise) - added).toBeGreaterThanOrEqual(1_000);
    // its wait is counted from when it was due, not from when it was added
    for (let tries = 0; !(await jobs.metrics()).byName['row.process']; tries += 1) {
      if (tries > 100) throw new Error('the run was never counted');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { waitMs } = (await jobs.metrics()).byName['row.process']!;
    expect(waitMs.count).toBe(1);
    expect(waitMs.sum).toBeLessThan(1_000);
  });

  it('runs a job added twice with one id once, even after it finished', async () => {
    const jobs = queueOf();
    const runs: number[] = [];
    const markers: number[] = [];
    const markerRan = signal();
    jobs.on('row.process', async ({ rowId }) => {
      runs.push(rowId);
    });
    jobs.on('row.marker', async ({ rowId }) => {
      markers.push(rowId);
      if (markers.length === 2) markerRan.resolve();
    });
    const first = await jobs.add('row.process', { rowId: 6 }, { id: 'row-6' });
    const second = await jobs.add('row.process', { rowId: 6 }, { id: 'row-6' });
    expect(second).toBe(first);
    await jobs.add('row.marker', { rowId: 1 });
    await jobs.start();
    // after it completed: still refused (the id is kept), then a marker behind it proves nothing else ran
    for (let tries = 0; (await jobs.stateOf(first)) !== 'completed'; tries += 1) {
      if (tries > 100) throw new Error('the job never completed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await jobs.add('row.process', { rowId: 6 }, { id: 'row-6' });
    await jobs.add('row.marker', { rowId: 2 });
    await markerRan.promise;
    expect(runs).toEqual([6]);
    expect((await jobs.metrics()).byName['row.process']).toMatchObject({ completed: 1, durationMs: { count: 1 } });
  });

  it('repeats a job on a schedule until told to stop', async () => {
    const jobs = queueOf();
    const runs: number[] = [];
    const third = signal();
    jobs.on('row.process', async ({ rowId }) => {
      runs.push(rowId);
      if (runs.length === 3) third.resolve();
    });
    await jobs.start();
    await jobs.repeat('every-200ms', 'row.process', { rowId: 7 }, { everyMs: 200 });
    await third.promise;
    await jobs.stopRepeating('every-200ms');
    expect(runs.slice(0, 3)).toEqual([7, 7, 7]);
  });

  it('refuses a job id BullMQ would misread', async () => {
    await expect(queueOf().add('row.process', { rowId: 8 }, { id: 'row:8' })).rejects.toThrow('invalid job id');
  });
});
