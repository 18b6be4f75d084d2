export * from './job-names.js';
export * from './job-queue.js';
export * from './job-metrics.js';
export * from './jobs.module.js';
export * from './row-leases.js';
export * from './leased-work.js';
export { UnrecoverableError } from 'bullmq';
