import { fileURLToPath } from 'node:url';
export { IdentityConfig } from './config.js';
export { IdentityAppModule } from './app.module.js';
export { PasswordHasher } from './shared/password-hasher.js';

/** The service's generated migrations (apps/identity/migrations), for a process that composes services (apps/single). */
export const IDENTITY_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
