export * from './job-names.js';
export * from './job-queue.js';
export * from './job-metrics.js';
export * from './jobs.module.js';
export { UnrecoverableError } from 'bullmq';
