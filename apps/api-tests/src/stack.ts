import type { DynamicModule, INestApplication } from '@nestjs/common';
import { loadConfig, type ServiceConfig } from '@atrium/config';
import type { Logger } from '@atrium/logging';
import { startService } from '@atrium/service-kit';
import { createTestDatabase, deleteTestStreams, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { GatewayConfig, startGateway } from '@atrium/app-gateway';
import { IdentityAppModule, IdentityConfig } from '@atrium/app-identity';
import { TicketsAppModule, TicketsConfig } from '@atrium/app-tickets';
import { SessionsAppModule, SessionsConfig } from '@atrium/app-sessions';
import { CampaignsAppModule, CampaignsConfig } from '@atrium/app-campaigns';
import { BillingAppModule, BillingConfig } from '@atrium/app-billing';
import { AiAppModule, AiConfig } from '@atrium/app-ai';
import { SERVICE_CATALOG, startSingleProcess } from '@atrium/app-single';
import { ApiClient } from './api-client.js';

type ServiceDefinition = { config: new () => ServiceConfig; module: (config: never, logger?: Logger) => DynamicModule };

const SERVICES = {
  identity: { config: IdentityConfig, module: (c: IdentityConfig) => IdentityAppModule.forRoot(c) },
  tickets: { config: TicketsConfig, module: (c: TicketsConfig) => TicketsAppModule.forRoot(c) },
  sessions: { config: SessionsConfig, module: (c: SessionsConfig) => SessionsAppModule.forRoot(c) },
  campaigns: { config: CampaignsConfig, module: (c: CampaignsConfig) => CampaignsAppModule.forRoot(c) },
  billing: { config: BillingConfig, module: (c: BillingConfig) => BillingAppModule.forRoot(c) },
  ai: { config: AiConfig, module: (c: AiConfig, logger?: Logger) => AiAppModule.forRoot(c, { logger }) },
} satisfies Record<string, ServiceDefinition>;

export type ServiceName = keyof typeof SERVICES;

export interface Stack {
  url: string;
  env: Record<string, string>;
  database: TestDatabase;
  apps: Partial<Record<ServiceName | 'gateway', INestApplication>>;
  /** A fresh HTTP client (own cookie jar) against the gateway. */
  client(): ApiClient;
  stop(): Promise<void>;
}

export interface StackOptions {
  services?: ServiceName[];
  /** Extra environment for every app (e.g. SMTP_PORT of a catcher). */
  env?: Record<string, string>;
  /** Default: ATRIUM_TEST_MODE (multi when unset). */
  mode?: StackMode;
  /** The ai service's logger, in both modes (a test that reads what the service logs). */
  aiLogger?: Logger;
}

/** Starts one service of a stack with the stack's environment (e.g. again, after a test stopped it). */
export function startStackService(name: ServiceName, env: Record<string, string>, logger?: Logger): Promise<INestApplication> {
  const definition: ServiceDefinition = SERVICES[name];
  const config = loadConfig(definition.config, env);
  return startService({ service: name, config, module: definition.module(config as never, logger), logger });
}

/** apps/single's services, the ai one logging to `aiLogger` when given. */
function singleModeServices(aiLogger: Logger | undefined): typeof SERVICE_CATALOG {
  if (!aiLogger) return SERVICE_CATALOG;
  return SERVICE_CATALOG.map((entry) =>
    entry.name === 'ai' ? { ...entry, module: (c) => SERVICES.ai.module(c as AiConfig, aiLogger), logger: aiLogger } : entry,
  );
}

/**
 * How startStack composes the backend: `multi` (default) boots the named services as separate
 * apps, as their own processes would; `single` (ATRIUM_TEST_MODE=single) boots apps/single's
 * composition, every service and the gateway as in `npm start -- --single`, whichever are named.
 */
export type StackMode = 'multi' | 'single';

/** The mode of every stack this test file started, in order (apps/api-tests/src/single-mode checks it). */
export const startedStackModes: StackMode[] = [];

export function stackModeFromEnv(value = process.env.ATRIUM_TEST_MODE): StackMode {
  if (value === undefined || value === '' || value === 'multi') return 'multi';
  if (value === 'single') return 'single';
  throw new Error(`ATRIUM_TEST_MODE=${value}: expected multi or single`);
}

/**
 * Boots the gateway and the named services in this process, isolated from other test files
 * (own database, NATS subject prefix, Redis key prefix). Stop it in afterAll.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const database = await createTestDatabase();
  const env = isolatedEnv(database, { PORT: '0', ...options.env });
  const apps: Stack['apps'] = {};
  try {
    const mode = options.mode ?? stackModeFromEnv();
    startedStackModes.push(mode);
    if (mode === 'single') {
      const single = await startSingleProcess({ env, services: singleModeServices(options.aiLogger) });
      Object.assign(apps, single.apps);
      apps.gateway = single.gateway;
    } else {
      for (const name of options.services ?? ['identity']) {
        apps[name] = await startStackService(name, env, name === 'ai' ? options.aiLogger : undefined);
      }
      apps.gateway = await startGateway(loadConfig(GatewayConfig, env));
    }
  } catch (error) {
    await Promise.allSettled(Object.values(apps).map((app) => app.close()));
    await database.drop();
    throw error;
  }
  const url = (await apps.gateway!.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    url,
    env,
    database,
    apps,
    client: () => new ApiClient(url),
    async stop() {
      await apps.gateway?.close();
      await Promise.allSettled(
        Object.entries(apps)
          .filter(([n]) => n !== 'gateway')
          .map(([, app]) => app.close()),
      );
      await database.drop();
      await deleteTestStreams(env); // the services create them per subject prefix
    },
  };
}
