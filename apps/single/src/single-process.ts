import type { INestApplication } from '@nestjs/common';
import { loadConfig, ServiceConfig } from '@atrium/config';
import { ensureDatabase } from '@atrium/database';
import { createLogger, type Logger } from '@atrium/logging';
import { migrate, shareConnectionsInThisProcess, startService } from '@atrium/service-kit';
import { GatewayConfig, startGateway } from '#atrium/app-gateway';
import { SERVICE_CATALOG, type ServiceEntry } from './service-catalog.js';

export type Environment = Record<string, string | undefined>;

/**
 * A service's environment in the single process: the process's own, where every variable means
 * the same to every service, except HEALTH_PORT. Each service keeps its own health port (its
 * config's default: identity 8081 ... ai 8086), or `<SERVICE>_HEALTH_PORT` (e.g. TICKETS_HEALTH_PORT);
 * HEALTH_PORT=0 (tests) gives every one a free port.
 */
export function serviceEnvironment(service: string, env: Environment): Environment {
  const { HEALTH_PORT, ...shared } = env;
  const own = env[`${service.toUpperCase()}_HEALTH_PORT`];
  if (own !== undefined && own !== '') return { ...shared, HEALTH_PORT: own };
  return HEALTH_PORT === '0' ? { ...shared, HEALTH_PORT } : shared;
}

export interface SingleProcess {
  /** Every service's Nest app by name, and the gateway's. */
  apps: Record<string, INestApplication>;
  gateway: INestApplication;
  /** Closes the gateway first (no new requests), then the services (their jobs and consumers finish). */
  close(): Promise<void>;
}

export interface SingleProcessOptions {
  env?: Environment;
  /** Apply every service's migrations first (the services' `main.js migrate`, one after the other). */
  migrate?: boolean;
  /** Logger of the composition itself (each app logs under its own name). */
  logger?: Logger;
  services?: readonly ServiceEntry[];
}

/** The database when missing, then every service's migrations in catalog order: what `npm start` and each `main.js migrate` do. */
export async function migrateAll(env: Environment = process.env, services: readonly ServiceEntry[] = SERVICE_CATALOG): Promise<void> {
  await ensureDatabase(loadConfig(ServiceConfig, serviceEnvironment('single', env)).DATABASE_MIGRATION_URL);
  for (const service of services) {
    const config = loadConfig(service.config, serviceEnvironment(service.name, env));
    await migrate({ service: service.name, config, migrationsFolder: service.migrationsFolder });
  }
}

/**
 * The whole backend in this process: every service's root module booted by the same
 * `startService` as its own main.ts (HTTP health + NATS handlers + jobs + consumers), then the
 * gateway. The services still talk over NATS and Redis exactly as when they run apart; they share
 * the process's connections where libs/service-kit allows it (ProcessConnections).
 */
export async function startSingleProcess(options: SingleProcessOptions = {}): Promise<SingleProcess> {
  const env = options.env ?? process.env;
  const services = options.services ?? SERVICE_CATALOG;
  const configs = services.map((service) => ({ service, config: loadConfig(service.config, serviceEnvironment(service.name, env)) }));
  const gatewayConfig = loadConfig(GatewayConfig, env);
  const logger = options.logger ?? createLogger({ service: 'single', level: gatewayConfig.LOG_LEVEL });
  if (options.migrate) await migrateAll(env, services);
  // one NATS request connection and one Redis client for every service (libs/service-kit ProcessConnections)
  shareConnectionsInThisProcess();
  const apps: Record<string, INestApplication> = {};
  const closeServices = async (): Promise<void> => {
    await Promise.allSettled(Object.values(apps).map((app) => app.close()));
  };
  try {
    for (const { service, config } of configs) {
      apps[service.name] = await startService({
        service: service.name,
        config,
        module: service.module(config),
        logger: service.logger,
        shutdownHooks: false,
      });
    }
    const gateway = await startGateway(gatewayConfig, undefined, { shutdownHooks: false });
    logger.info({ services: services.map((service) => service.name) }, 'every service and the gateway run in this process');
    let closing: Promise<void> | undefined;
    return {
      apps,
      gateway,
      close() {
        closing ??= (async () => {
          await gateway.close();
          await closeServices();
        })();
        return closing;
      },
    };
  } catch (error) {
    await closeServices();
    throw error;
  }
}
