import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@atrium/config';
import { runServiceCli } from '@atrium/service-kit';
import { BillingAppModule } from './app.module.js';
import { BillingConfig } from './config.js';

const config = loadConfig(BillingConfig);
await runServiceCli({
  service: 'billing',
  config,
  module: BillingAppModule.forRoot(config),
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
});
