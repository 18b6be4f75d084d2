export { AiConfig } from './config.js';
export { AiAppModule } from './app.module.js';
