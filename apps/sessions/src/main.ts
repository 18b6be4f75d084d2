import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@atrium/config';
import { runServiceCli } from '@atrium/service-kit';
import { SessionsAppModule } from './app.module.js';
import { SessionsConfig } from './config.js';

const config = loadConfig(SessionsConfig);
await runServiceCli({
  service: 'sessions',
  config,
  module: SessionsAppModule.forRoot(config),
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
});
