import { fileURLToPath } from 'node:url';
export { CampaignsConfig } from './config.js';
export { CampaignsAppModule } from './app.module.js';

/** The service's generated migrations (apps/campaigns/migrations), for a process that composes services (apps/single). */
export const CAMPAIGNS_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
