export { IdentityConfig } from './config.js';
export { IdentityAppModule } from './app.module.js';
