export * from './load-config.js';
export * from './service-config.js';
