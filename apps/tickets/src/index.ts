export { TicketsConfig } from './config.js';
export { TicketsAppModule } from './app.module.js';
