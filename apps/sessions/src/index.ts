import { fileURLToPath } from 'node:url';
export { SessionsConfig } from './config.js';
export { SessionsAppModule } from './app.module.js';

/** The service's generated migrations (apps/sessions/migrations), for a process that composes services (apps/single). */
export const SESSIONS_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
