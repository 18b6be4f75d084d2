export { AiConfig } from './config.js';
export { AiAppModule } from './app.module.js';
export { IntegrationBotsService } from './integrations/integration-bots.service.js';
export { QueueIntegrationsService } from './integrations/queue-integrations.service.js';
export type { BotTurn } from './runtime/bot-engine.js';
export { MEDIA_STORAGE } from './runtime/media-storage.js';
