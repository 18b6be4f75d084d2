export * from './audit-log.js';
