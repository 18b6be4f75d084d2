export * from './app-metrics.js';
export * from './families.js';
export * from './http-metrics.js';
export * from './pool-metrics.js';
