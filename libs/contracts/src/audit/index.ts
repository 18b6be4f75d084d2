export * from './audit-actions.js';
export * from './audit-log.js';
