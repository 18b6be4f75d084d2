import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@atrium/config';
import { runServiceCli } from '@atrium/service-kit';
import { AiAppModule } from './app.module.js';
import { AiConfig } from './config.js';

const config = loadConfig(AiConfig);
await runServiceCli({
  service: 'ai',
  config,
  module: AiAppModule.forRoot(config),
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
});
