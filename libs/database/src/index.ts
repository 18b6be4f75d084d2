export * from './tenant-policy.js';
export * from './columns.js';
export * from './companies.js';
export * from './database.js';
export * from './migrations.js';
export * from './outbox.js';
export * from './reusable-select.js';
