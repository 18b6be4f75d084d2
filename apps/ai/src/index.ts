import { fileURLToPath } from 'node:url';
export { AiConfig } from './config.js';
export { AiAppModule } from './app.module.js';
export { IntegrationBotsService } from './integrations/integration-bots.service.js';
export { QueueIntegrationsService } from './integrations/queue-integrations.service.js';
export type { BotTurn } from './runtime/bot-engine.js';
export { MEDIA_STORAGE } from './runtime/media-storage.js';

/** The service's generated migrations (apps/ai/migrations), for a process that composes services (apps/single). */
export const AI_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
