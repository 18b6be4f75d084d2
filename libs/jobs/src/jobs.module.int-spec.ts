import { Inject, Injectable, Module, type INestApplication, type OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig, ServiceConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { CoreModule } from '@atrium/service-kit';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { JobName, JobQueue, JobsModule, type Jobs } from './index.js';

/** A schedule sender as a service would write it: the handler registers itself, the module runs it. */
@Injectable()
class ScheduleSender implements OnModuleInit {
  static started?: () => void;
  static sent: number[] = [];

  constructor(@Inject(JobQueue) private readonly jobs: Jobs) {}

  onModuleInit(): void {
    this.jobs.on(JobName.ScheduleSend, async ({ scheduleId }) => {
      ScheduleSender.started?.();
      await new Promise((resolve) => setTimeout(resolve, 300));
      ScheduleSender.sent.push(scheduleId);
    });
  }
}

describe('JobsModule in a service', () => {
  const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
  const config = loadConfig(ServiceConfig, {
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_SUBJECT_PREFIX: `t${randomBytes(4).toString('hex')}.`,
  });

  @Module({
    imports: [
      CoreModule.forRoot({ service: 'schedules-test', config, logger: createLogger({ service: 'test', level: 'silent' }) }),
      JobsModule.forRoot(),
    ],
    providers: [ScheduleSender],
  })
  class TestAppModule {}

  let app: INestApplication | undefined;
  afterAll(async () => {
    await app?.close();
    const redis = new Redis(config.REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('runs the handlers a service registers, under its REDIS_PREFIX, and finishes the running job when the service stops', async () => {
    app = await NestFactory.create(TestAppModule, { logger: false });
    await app.init();
    const jobs = app.get<Jobs>(JobQueue);
    const started = new Promise<void>((resolve) => (ScheduleSender.started = resolve));
    const id = await jobs.add(JobName.ScheduleSend, { companyId: 1, scheduleId: 42 }, { id: 'schedule-42' });
    await started;
    await app.close();
    app = undefined;
    expect(ScheduleSender.sent).toEqual([42]);

    const redis = new Redis(config.REDIS_URL);
    try {
      expect(await redis.exists(`${redisPrefix}bull:schedules-test:${id}`)).toBe(1);
      expect(await redis.hget(`${redisPrefix}bull:schedules-test:${id}`, 'finishedOn')).not.toBeNull();
    } finally {
      await redis.quit();
    }
  });
});
