import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@atrium/config';
import { runServiceCli } from '@atrium/service-kit';
import { IdentityAppModule } from './app.module.js';
import { IdentityConfig } from './config.js';

const config = loadConfig(IdentityConfig);
await runServiceCli({
  service: 'identity',
  config,
  module: IdentityAppModule.forRoot(config),
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
});
