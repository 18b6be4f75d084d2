export { CampaignsConfig } from './config.js';
export { CampaignsAppModule } from './app.module.js';
