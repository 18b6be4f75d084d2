import 'reflect-metadata';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceConfig } from '@atrium/config';
import { migrateService, roleOf } from '@atrium/database';
import { createLogger, PinoNestLogger, type Logger } from '@atrium/logging';
import { PrefixedNatsServer, AppErrorFilter, RpcMetricsInterceptor, RpcRequestContextInterceptor } from '@atrium/messaging';
import { AppMetrics, httpMetricsMiddleware } from '@atrium/metrics';
import { NATS_CONNECTION_OPTIONS } from './core.module.js';

export interface StartServiceOptions {
  service: string;
  config: ServiceConfig;
  /** The app's root module, built from the same config. */
  module: DynamicModule;
  logger?: Logger;
  /** HTTP port (health for services; the API for the gateway). Defaults to HEALTH_PORT. */
  port?: number;
  /** Interface it listens on. Defaults to HEALTH_HOST (the loopback unless the deployment says otherwise). */
  host?: string;
  /** Extra HTTP setup before listening (the gateway adds its API plumbing here). */
  configure?: (app: INestApplication) => void | Promise<void>;
  /**
   * Close the app on SIGTERM/SIGINT (default). A process that composes several apps (apps/single)
   * says false and closes them itself, in order.
   */
  shutdownHooks?: boolean;
}

/**
 * Boots a service: HTTP (health, or the API) and the NATS request handlers in one process, with
 * JSON logs, the RPC error mapping and request ids. The modules' init and bootstrap hooks run
 * before the handlers subscribe; resolves once both listen.
 */
export async function startService(options: StartServiceOptions): Promise<INestApplication> {
  const logger = options.logger ?? createLogger({ service: options.service, level: options.config.LOG_LEVEL });
  const app = await NestFactory.create(options.module, { logger: new PinoNestLogger(logger), abortOnError: false });
  if (options.shutdownHooks ?? true) app.enableShutdownHooks();
  app.useGlobalFilters(new AppErrorFilter(logger));
  const metrics = app.get(AppMetrics);
  app.use(httpMetricsMiddleware(metrics));
  app.useGlobalInterceptors(new RpcRequestContextInterceptor(), new RpcMetricsInterceptor(metrics, options.config.NATS_SUBJECT_PREFIX));
  const natsServer = new PrefixedNatsServer(
    { servers: options.config.NATS_URL, queue: options.service, name: `${options.service}-server`, ...NATS_CONNECTION_OPTIONS },
    options.config.NATS_SUBJECT_PREFIX,
  );
  natsServers.set(app, natsServer);
  app.connectMicroservice({ strategy: natsServer }, { inheritAppConfig: true });
  await options.configure?.(app);
  // Every module initialized first (its NATS client, consumers, pools): the request handlers join
  // their queue group only then, so a replica that joins never takes a request it cannot serve yet.
  await app.init();
  await app.startAllMicroservices();
  await app.listen(options.port ?? options.config.HEALTH_PORT, options.host ?? options.config.HEALTH_HOST);
  logger.info({ url: await app.getUrl() }, `${options.service} listening`);
  return app;
}

/** The NATS server strategy each app started here listens with (natsPatternsOf). */
const natsServers = new WeakMap<INestApplication, PrefixedNatsServer>();

/** The NATS request patterns an app started by startService answers (sorted; none for another app). */
export function natsPatternsOf(app: INestApplication): string[] {
  return [...(natsServers.get(app)?.getHandlers().keys() ?? [])].sort();
}

export interface ServiceMigrations {
  service: string;
  config: ServiceConfig;
  /** Absolute path of the service's generated migrations folder. */
  migrationsFolder: string;
}

export async function migrate({ service, config, migrationsFolder }: ServiceMigrations): Promise<void> {
  await migrateService({
    ownerUrl: config.DATABASE_MIGRATION_URL,
    schema: service,
    migrationsFolder,
    appRole: roleOf(config.DATABASE_URL),
  });
}

/**
 * The entry point of every service binary: `node dist/main.js` serves,
 * `node dist/main.js migrate` applies migrations and exits (the Helm chart's migration hook Job).
 */
export async function runServiceCli(options: StartServiceOptions & { migrationsFolder?: string }): Promise<void> {
  const logger = options.logger ?? createLogger({ service: options.service, level: options.config.LOG_LEVEL });
  try {
    if (process.argv.includes('migrate')) {
      if (options.migrationsFolder) await migrate({ ...options, migrationsFolder: options.migrationsFolder });
      logger.info('migrations applied');
      return;
    }
    await startService({ ...options, logger });
  } catch (error) {
    logger.fatal({ err: error }, `${options.service} failed to start`);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  }
}
