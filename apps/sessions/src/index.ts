export { SessionsConfig } from './config.js';
export { SessionsAppModule } from './app.module.js';
