import {
  Inject,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { ServiceConfig } from '@atrium/config';
import type { Logger } from '@atrium/logging';
import { AppMetrics } from '@atrium/metrics';
import { LOGGER, SERVICE_CONFIG, SERVICE_NAME } from '@atrium/service-kit';
import { JobQueue, type JobPolicy } from './job-queue.js';
import type { JobPayloads } from './job-names.js';

/** The service's queue of the house jobs (JobName), injected as `JobQueue`. */
export type Jobs = JobQueue<JobPayloads>;

export interface JobsModuleOptions {
  /** Defaults to the service's name. */
  queue?: string;
  policies?: { [N in keyof JobPayloads]?: JobPolicy };
  concurrency?: number;
  stopTimeoutMs?: number;
}

class JobsLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(@Inject(JobQueue) private readonly jobs: Jobs) {}

  /** Handlers registered themselves in onModuleInit; the worker starts now. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
  }

  /** Running jobs finish (or go back to the queue) before the connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}

/**
 * Gives a service its job queue (import it once, in the app module; it is global): the Redis URL
 * and key prefix come from the service's config, logs go to its logger.
 */
@Module({})
export class JobsModule {
  static forRoot(options: JobsModuleOptions = {}): DynamicModule {
    return {
      module: JobsModule,
      global: true,
      providers: [
        {
          provide: JobQueue,
          inject: [SERVICE_NAME, SERVICE_CONFIG, LOGGER, AppMetrics],
          useFactory: (service: string, config: ServiceConfig, logger: Logger, metrics: AppMetrics): Jobs =>
            new JobQueue<JobPayloads>({
              queue: options.queue ?? service,
              redisUrl: config.REDIS_URL,
              redisPrefix: config.REDIS_PREFIX,
              logger,
              policies: options.policies,
              concurrency: options.concurrency,
              stopTimeoutMs: options.stopTimeoutMs,
              metrics,
            }),
        },
        JobsLifecycle,
      ],
      exports: [JobQueue],
    };
  }
}
