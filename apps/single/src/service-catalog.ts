import type { DynamicModule } from '@nestjs/common';
import type { ServiceConfig } from '@atrium/config';
import type { Logger } from '@atrium/logging';
import { AI_MIGRATIONS_FOLDER, AiAppModule, AiConfig } from '#atrium/app-ai';
import { BILLING_MIGRATIONS_FOLDER, BillingAppModule, BillingConfig } from '#atrium/app-billing';
import { CAMPAIGNS_MIGRATIONS_FOLDER, CampaignsAppModule, CampaignsConfig } from '#atrium/app-campaigns';
import { IDENTITY_MIGRATIONS_FOLDER, IdentityAppModule, IdentityConfig } from '#atrium/app-identity';
import { SESSIONS_MIGRATIONS_FOLDER, SessionsAppModule, SessionsConfig } from '#atrium/app-sessions';
import { TICKETS_MIGRATIONS_FOLDER, TicketsAppModule, TicketsConfig } from '#atrium/app-tickets';

/**
 * One backend service as its own main.ts builds it: the config class it reads, the root module
 * built from that config, and its migrations. The single process boots exactly these modules
 * (no second implementation of anything); the gateway comes last, apart (startGateway).
 */
export interface ServiceEntry<C extends ServiceConfig = ServiceConfig> {
  name: string;
  config: new () => C;
  module: (config: C) => DynamicModule;
  migrationsFolder: string;
  /** Where its Nest app logs (default: a logger of its own name at LOG_LEVEL), e.g. a test's that reads the lines. */
  logger?: Logger;
}

const entry = <C extends ServiceConfig>(service: ServiceEntry<C>): ServiceEntry => service as unknown as ServiceEntry;

/** Every backend service, in the order `npm start` starts them (identity first: it seeds the platform company). */
export const SERVICE_CATALOG: readonly ServiceEntry[] = [
  entry({
    name: 'identity',
    config: IdentityConfig,
    module: (c) => IdentityAppModule.forRoot(c),
    migrationsFolder: IDENTITY_MIGRATIONS_FOLDER,
  }),
  entry({
    name: 'tickets',
    config: TicketsConfig,
    module: (c) => TicketsAppModule.forRoot(c),
    migrationsFolder: TICKETS_MIGRATIONS_FOLDER,
  }),
  entry({
    name: 'sessions',
    config: SessionsConfig,
    module: (c) => SessionsAppModule.forRoot(c),
    migrationsFolder: SESSIONS_MIGRATIONS_FOLDER,
  }),
  entry({
    name: 'campaigns',
    config: CampaignsConfig,
    module: (c) => CampaignsAppModule.forRoot(c),
    migrationsFolder: CAMPAIGNS_MIGRATIONS_FOLDER,
  }),
  entry({
    name: 'billing',
    config: BillingConfig,
    module: (c) => BillingAppModule.forRoot(c),
    migrationsFolder: BILLING_MIGRATIONS_FOLDER,
  }),
  entry({ name: 'ai', config: AiConfig, module: (c) => AiAppModule.forRoot(c), migrationsFolder: AI_MIGRATIONS_FOLDER }),
];
