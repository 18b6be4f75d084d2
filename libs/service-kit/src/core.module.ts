import {
  Global,
  Inject,
  Module,
  Optional,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { ServiceConfig } from '@atrium/config';
import { createPool, Database, type OutboxTable } from '@atrium/database';
import { createLogger, type Logger } from '@atrium/logging';
import { AuditTrail, EventBus, IntegrationEvents, IntegrationOutbox, PrefixedNatsClient, RpcClient } from '@atrium/messaging';
import { AppMetrics, observePool } from '@atrium/metrics';
import type { NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { createHealthController } from './health.controller.js';
import { HealthService } from './health.service.js';
import { createMetricsController } from './metrics.controller.js';
import { letGo, processConnections } from './process-connections.js';
import { DATABASE, LOGGER, NATS_PROXY, REDIS, SERVICE_CONFIG, SERVICE_NAME } from './tokens.js';

export interface CoreModuleOptions<TSchema extends Record<string, unknown>> {
  service: string;
  config: ServiceConfig;
  /** The service's drizzle schema; omit for services without tables (the gateway). */
  schema?: TSchema;
  /** The service's outbox table (libs/database outboxTable), for services that state integration events. */
  outbox?: OutboxTable;
  logger?: Logger;
  /**
   * The HTTP port is public (the gateway): /metrics only with METRICS_TOKEN set, and /health/ready
   * answers its status without the dependencies' states unless the request carries that token.
   */
  metricsNeedToken?: boolean;
}

/**
 * Every service's NATS connection options. Clients reconnect for ever (a NATS restart or failover
 * of any length): the default gives up after 10 attempts; readiness says whether the connection is
 * up meanwhile. `noAsyncTraces`: nats.js otherwise builds an Error (a stack trace) at every request
 * and JetStream publish, in case it times out, whether or not it does: a twentieth of the sessions
 * service's CPU under the chatbot's load (bench/HISTORY.md, chatbot). A timeout is still an error
 * naming the subject (libs/messaging maps and logs it with its request); only the caller's stack
 * is not in it.
 */
export const NATS_CONNECTION_OPTIONS = { maxReconnectAttempts: -1, reconnectTimeWait: 1_000, noAsyncTraces: true } as const;

class CoreLifecycle implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    @Inject(NATS_PROXY) private readonly proxy: PrefixedNatsClient,
    @Inject(IntegrationEvents) private readonly integrationEvents: IntegrationEvents,
    @Optional() @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox | null,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(DATABASE) private readonly database: Database<Record<string, unknown>> | null,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.proxy.connect();
  }

  /** Handlers registered themselves in onModuleInit; the service's durable consumer and its outbox relay start now. */
  async onApplicationBootstrap(): Promise<void> {
    await this.integrationEvents.start();
    await this.outbox?.start();
  }

  /** The event in hand finishes (and is acknowledged), the relay's batch too, before the connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.integrationEvents.stop(), this.outbox?.stop()]);
  }

  async onApplicationShutdown(): Promise<void> {
    // shared connections (apps/single) close with their last user
    await Promise.allSettled([
      letGo(this.proxy, (proxy) => proxy.close()),
      letGo(this.redis, (redis) => redis.quit()),
      this.database?.close(),
    ]);
  }
}

/**
 * What every service shares: config, logger, database (tenant-scoped), Redis, NATS request
 * client, live event bus, durable integration events, and health endpoints. Global, so feature modules just inject.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot<TSchema extends Record<string, unknown>>(options: CoreModuleOptions<TSchema>): DynamicModule {
    const { service, config } = options;
    // Resources are created by factories, so that building the module (e.g. in `main.js migrate`)
    // opens no connection until Nest instantiates it.
    return {
      module: CoreModule,
      controllers: [
        createHealthController(service, { token: config.METRICS_TOKEN, publicPort: options.metricsNeedToken ?? false }),
        createMetricsController({ token: config.METRICS_TOKEN, requireToken: options.metricsNeedToken ?? false }),
      ],
      providers: [
        { provide: SERVICE_NAME, useValue: service },
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: AppMetrics, useFactory: () => new AppMetrics(service) },
        {
          provide: LOGGER,
          useFactory: () => options.logger ?? createLogger({ service, level: config.LOG_LEVEL }),
        },
        {
          provide: NATS_PROXY,
          useFactory: () => {
            const open = (name: string): PrefixedNatsClient =>
              new PrefixedNatsClient({ servers: config.NATS_URL, name, ...NATS_CONNECTION_OPTIONS }, config.NATS_SUBJECT_PREFIX);
            const shared = processConnections();
            return shared
              ? shared.acquire(
                  `nats ${config.NATS_URL} ${config.NATS_SUBJECT_PREFIX}`,
                  () => open('atrium'),
                  (proxy) => proxy.close(),
                )
              : open(service);
          },
        },
        {
          provide: REDIS,
          inject: [LOGGER],
          useFactory: (logger: Logger) => {
            const open = (): Redis => {
              const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
              redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
              return redis;
            };
            const shared = processConnections();
            return shared ? shared.acquire(`redis ${config.REDIS_URL}`, open, (redis) => redis.quit()) : open();
          },
        },
        {
          provide: DATABASE,
          inject: [AppMetrics],
          useFactory: (metrics: AppMetrics) => {
            if (!options.schema) return null;
            const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_MAX);
            observePool(metrics, pool);
            return new Database(pool, options.schema);
          },
        },
        {
          provide: RpcClient,
          inject: [NATS_PROXY, AppMetrics],
          useFactory: (proxy: PrefixedNatsClient, metrics: AppMetrics) => new RpcClient(proxy, metrics),
        },
        {
          provide: EventBus,
          inject: [NATS_PROXY],
          useFactory: (proxy: PrefixedNatsClient) => new EventBus(() => proxy.unwrap<NatsConnection>(), config.NATS_SUBJECT_PREFIX),
        },
        {
          provide: IntegrationEvents,
          inject: [NATS_PROXY, LOGGER],
          useFactory: (proxy: PrefixedNatsClient, logger: Logger) =>
            new IntegrationEvents({
              connection: () => proxy.unwrap<NatsConnection>(),
              subjectPrefix: config.NATS_SUBJECT_PREFIX,
              consumer: service,
              logger,
            }),
        },
        ...(options.outbox
          ? [
              {
                provide: IntegrationOutbox,
                inject: [DATABASE, IntegrationEvents, LOGGER],
                useFactory: (database: Database<Record<string, unknown>>, events: IntegrationEvents, logger: Logger) =>
                  new IntegrationOutbox({ database, table: options.outbox!, events, channel: `atrium_outbox_${service}`, logger }),
              },
              { provide: AuditTrail, inject: [IntegrationOutbox], useFactory: (outbox: IntegrationOutbox) => new AuditTrail(outbox) },
            ]
          : []),
        {
          provide: HealthService,
          inject: [NATS_PROXY, REDIS, DATABASE],
          useFactory: (proxy: PrefixedNatsClient, redis: Redis, database: Database<TSchema> | null) =>
            new HealthService(service, {
              // throws while disconnected (reconnecting), unlike isClosed()
              nats: async () => (await proxy.unwrap<NatsConnection>().rtt()) >= 0,
              redis: async () => (await redis.ping()) === 'PONG',
              ...(database ? { database: () => database.ping() } : {}),
            }),
        },
        CoreLifecycle,
      ],
      exports: [
        SERVICE_NAME,
        SERVICE_CONFIG,
        AppMetrics,
        LOGGER,
        NATS_PROXY,
        REDIS,
        DATABASE,
        RpcClient,
        EventBus,
        IntegrationEvents,
        ...(options.outbox ? [IntegrationOutbox, AuditTrail] : []),
        HealthService,
      ],
    };
  }
}
