import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@atrium/config';
import { runServiceCli } from '@atrium/service-kit';
import { TicketsAppModule } from './app.module.js';
import { TicketsConfig } from './config.js';

const config = loadConfig(TicketsConfig);
await runServiceCli({
  service: 'tickets',
  config,
  module: TicketsAppModule.forRoot(config),
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
});
