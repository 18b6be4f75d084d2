export * from './load-config.js';
export * from './service-config.js';
export * from './env-boolean.js';
