export { IdentityConfig } from './config.js';
export { IdentityAppModule } from './app.module.js';
export { PasswordHasher } from './shared/password-hasher.js';
