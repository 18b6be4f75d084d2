import { fileURLToPath } from 'node:url';
export { TicketsConfig } from './config.js';
export { TicketsAppModule } from './app.module.js';
export { ChatbotClock } from './chatbot/chatbot-clock.js';

/** The service's generated migrations (apps/tickets/migrations), for a process that composes services (apps/single). */
export const TICKETS_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
