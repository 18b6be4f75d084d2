export * from './repo.js';
export * from './test-database.js';
export * from './test-env.js';
export * from './smtp-catcher.js';
export * from './factories.js';
export * from './channel-factories.js';
export * from './free-port.js';
