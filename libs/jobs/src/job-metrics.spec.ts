import { DURATION_BUCKETS_MS, JobRunCounters } from './job-metrics.js';
import { JobName } from './job-names.js';
import type { Jobs } from './jobs.module.js';

describe('job metrics and names', () => {
  it('counts runs by job name with cumulative buckets', () => {
    const counters = new JobRunCounters();
    counters.completed('a', 40, 5);
    counters.completed('a', 3_000, 70_000);
    counters.failed('a', false);
    counters.failed('a', true);
    const { a } = counters.snapshot();
    expect(a).toMatchObject({
      completed: 2,
      failed: 2,
      deadLettered: 1,
      durationMs: { count: 2, sum: 3_040 },
      waitMs: { count: 2, sum: 70_005 },
    });
    expect(a!.durationMs.buckets[DURATION_BUCKETS_MS.indexOf(50)]).toBe(1);
    expect(a!.durationMs.buckets[DURATION_BUCKETS_MS.indexOf(5_000)]).toBe(2);
    expect(a!.waitMs.buckets.at(-1)).toBe(1);
  });

  it('types a job’s payload by its name', () => {
    // Compiled by the type check (tsc), never run: a wrong name or payload does not compile.
    const typed = (jobs: Jobs) => {
      void jobs.add(JobName.ScheduleSend, { companyId: 1, scheduleId: 2 }, { id: 'schedule-2' });
      // @ts-expect-error a schedule job names its schedule
      void jobs.add(JobName.ScheduleSend, { companyId: 1 });
      // @ts-expect-error no such job
      void jobs.add('schedule.sent', { companyId: 1, scheduleId: 2 });
      jobs.on(JobName.ExternalMessageSend, async ({ messageId }) => void messageId);
    };
    expect(typeof typed).toBe('function');
  });
});
