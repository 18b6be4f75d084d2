export * from './tokens.js';
export * from './public.js';
export * from './health.service.js';
export * from './core.module.js';
export * from './bootstrap.js';
export * from './process-connections.js';
