export * from './load-config.js';
export * from './service-config.js';
export * from './env-boolean.js';
export * from './media-storage-config.js';
export * from './time-zone.js';
export * from './jwt-secret.js';
export * from './development-default.js';
