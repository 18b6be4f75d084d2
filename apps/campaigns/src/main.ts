import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@atrium/config';
import { runServiceCli } from '@atrium/service-kit';
import { CampaignsAppModule } from './app.module.js';
import { CampaignsConfig } from './config.js';

const config = loadConfig(CampaignsConfig);
await runServiceCli({
  service: 'campaigns',
  config,
  module: CampaignsAppModule.forRoot(config),
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
});
